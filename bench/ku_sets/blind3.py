"""Knowledge-update set blind3: a third blind knowledge-update test set for hippocampus recall.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Looked at: measured once before (0.354 at 1,000) and once after the first round (0.448); its failures were then read for classes.

    python3 bench/knowledge_updates.py --split blind3 --mode library
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

import knowledge_updates as ku


START, NOW = ku.START, ku.NOW
FIRST_YEAR_END = datetime(2024, 12, 31, 23, 0, tzinfo=timezone.utc)
SECOND_YEAR = datetime(2025, 1, 1, tzinfo=timezone.utc)
NOW_PER_SLOT = 2  # now-questions asked per slot (as the bench does)

# --- the data ------------------------------------------------------------------
# Each template starts with its style: "c:" the user's chat line, "a:" an
# assistant-written note, "j:" a journal-like sentence. Placeholders: {v} the
# value, {n} the value without a leading "the", {a} "a"/"an" for {n}, {old} the
# previous value (only in a change, never in the first statement), {who} the
# other person. Questions: now, before, year ({year}), other_q ({rel}).
SLOTS: dict[str, dict[str, list[str]]] = {
    "home": {
        "values": ["Bergen", "Marseille", "Tucson", "Aarhus", "Bilbao", "Graz", "Leipzig", "Nantes", "Winnipeg",
                   "Adelaide", "Sapporo", "Tallinn", "Ljubljana", "Galway", "Brno", "Pittsburgh"],
        "user": [
            "c:finally moved to {v}!! boxes everywhere 📦",
            "c:ok we live in {v} now, still cant find a good bakery lol",
            "c:signed the lease for a place in {v} today 🎉",
            "c:said bye to {old} this morning, {v} here we come 🚚",
            "a:User moved to {v}.",
            "a:Note: the user now lives in {v}.",
            "a:The user relocated from {old} to {v} for work.",
            "a:Updated home city: {v}.",
            "j:After weeks of flat viewings we finally settled in {v}, and the neighbourhood is quieter than I expected.",
            "j:The movers were three hours late, but by evening our new place in {v} felt almost like home.",
            "j:It still feels strange to wake up in {v} instead of {old}, though the walk to the river helps.",
            "j:We spent the weekend painting the spare room of our flat in {v}, and I think the green was a mistake.",
        ],
        "other": [
            "c:{who} moved to {v} lol, so now i have somewhere to crash",
            "c:{who} just got a flat in {v} 😮",
            "a:{who} has moved to {v}.",
            "a:Mentioned that {who} now lives in {v}.",
            "j:We drove down to help {who} settle into the new place in {v}, and the stairs nearly finished us off.",
            "j:{who} finally left {old} for {v}, which had been on the cards for ages.",
        ],
        "now": ["Where does the user live now?", "What city is the user currently based in?",
                "Which city does the user live in these days?", "Where is the user's home?",
                "What's the user's home city?", "Which city is the user living in at the moment?"],
        "before": ["Where did the user live before?", "Which city did the user use to live in?",
                   "What was the user's previous home city?"],
        "year": ["Where did the user live in {year}?", "Which city was the user based in during {year}?"],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} in these days?",
                    "What city does the user's {rel} live in?"],
    },
    "employer": {
        "values": ["Shopify", "Atlassian", "Zalando", "Siemens", "Deloitte", "Unilever", "Canva", "Stripe", "Ikea",
                   "Airbus", "Philips", "Ubisoft", "Adyen", "Maersk", "Bosch", "Datadog"],
        "user": [
            "c:first day at {v} tmrw, kinda nervous 😬",
            "c:got the offer from {v}!!! accepted on the spot",
            "c:handed in my notice at {old}, starting at {v} in two weeks",
            "c:new laptop from {v} arrived, the onboarding is sooo long",
            "a:User started a new job at {v}.",
            "a:Note: the user's employer is now {v}.",
            "a:The user left {old} and joined {v}.",
            "a:User works at {v} (updated).",
            "j:The interview loop at {v} took five rounds, but I signed the contract tonight and celebrated with cheap wine.",
            "j:My first week at {v} was a blur of badge photos, passwords and names I've already forgotten.",
            "j:Leaving {old} was harder than I thought, yet the team at {v} made me feel welcome by Friday.",
            "j:I've been at {v} for a while now, and the commute is the only thing I'd change.",
        ],
        "other": [
            "c:{who} got hired at {v}, so jealous",
            "c:{who} works at {v} now apparently 🤷",
            "a:{who} has taken a job at {v}.",
            "a:Noted: {who} now works for {v}.",
            "j:Over dinner {who} told us all about the new job at {v}, and honestly it sounds exhausting.",
            "j:{who} quit {old} and went to {v}, which surprised everyone at the barbecue.",
        ],
        "now": ["Where does the user work now?", "Who is the user's current employer?",
                "Which company does the user work for these days?", "Where does the user work?",
                "Who employs the user?", "What company is the user at right now?"],
        "before": ["Where did the user work before?", "Which company did the user use to work for?",
                   "Who was the user's previous employer?"],
        "year": ["Where did the user work in {year}?", "Who was the user's employer in {year}?"],
        "other_q": ["Where does the user's {rel} work now?", "Which company employs the user's {rel} these days?",
                    "Who does the user's {rel} work for?"],
    },
    "phone": {
        "values": ["Pixel 9", "iPhone 16", "Galaxy S24", "Nothing Phone 2", "Fairphone 5", "Moto Edge 50",
                   "Xperia 1 VI", "OnePlus 12", "Galaxy Z Flip6", "iPhone SE", "Pixel 8a", "Honor Magic 6",
                   "Xiaomi 14", "Razr Plus", "Oppo Find X7", "Zenfone 10"],
        "user": [
            "c:caved and bought {a} {v} 📱",
            "c:setting up my new {v}, why is moving whatsapp so painful",
            "c:bye {old}, hello {v} lol",
            "c:the camera on this {v} is unreal ngl",
            "a:User got a new phone: {a} {v}.",
            "a:Note: the user's phone is now {a} {v}.",
            "a:The user replaced their {old} with {a} {v}.",
            "a:User is using {a} {v} as their main phone.",
            "j:My old phone finally died on the train, so I picked up {a} {v} on the way home and spent the night restoring backups.",
            "j:I switched from the {old} to {a} {v} mostly for the battery, and so far it lasts two full days.",
            "j:The {v} I bought last week was on sale, and the screen is bright enough to read on the beach.",
            "j:Between the cracked screen and the dying battery I gave up and ordered {a} {v}, which arrived this morning.",
        ],
        "other": [
            "c:{who} got {a} {v} and wont shut up about it",
            "c:{who} is on {a} {v} now 🙄",
            "a:{who} bought {a} {v}.",
            "a:Noted: {who} switched to {a} {v}.",
            "j:At lunch {who} showed off a brand new {v}, and I have to admit the photos looked great.",
            "j:{who} finally ditched the {old} for {a} {v}, after months of complaining about it.",
        ],
        "now": ["What phone does the user have now?", "Which phone is the user currently using?",
                "What phone does the user use these days?", "What kind of phone does the user have?",
                "Which smartphone does the user own?", "What's the user's phone?"],
        "before": ["What phone did the user have before?", "Which phone did the user use to have?",
                   "What was the user's previous phone?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?"],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone does the user's {rel} use these days?",
                    "What phone is the user's {rel} using?"],
    },
    "dog": {
        "values": ["Pepper", "Waffles", "Juniper", "Moose", "Pickle", "Ziggy", "Nugget", "Bruno", "Clementine",
                   "Rufus", "Maple", "Otis", "Hazel", "Banjo", "Peanut", "Scout"],
        "user": [
            "c:we got a puppy!!! her name is {v} 🐶",
            "c:{v} chewed my charger again 😭 worth it tho, best dog",
            "c:adopted a rescue and we're calling him {v}",
            "c:miss {old} so much but {v} is settling in ok",
            "a:The user adopted a dog named {v}.",
            "a:Note: the user's dog is called {v}.",
            "a:User has a new dog, {v}.",
            "a:After losing {old}, the user adopted another dog named {v}.",
            "j:We drove two hours to the shelter and came home with a scruffy terrier we named {v}, who slept the whole way back.",
            "j:Our new puppy {v} has already learned to sit, although the rug has not survived.",
            "j:It took a while after {old}, but the house feels alive again now that {v} is here.",
            "j:Every morning starts with a walk around the block with our dog {v}, rain or shine, and I've never been fitter.",
        ],
        "other": [
            "c:{who} got a dog named {v} 😍",
            "c:{who}'s new puppy is called {v}",
            "a:{who} adopted a dog named {v}.",
            "a:Noted: {who} has a dog called {v}.",
            "j:When we visited, {who} introduced us to {v}, a very loud dachshund with a very small bladder.",
            "j:{who} has a new dog, {v}, and it has completely taken over the sofa.",
        ],
        "now": ["What's the name of the user's dog now?", "What is the user's dog currently called?",
                "What's the user's dog called these days?", "What is the user's dog's name?",
                "Which dog does the user have?", "What's the user's dog called?"],
        "before": ["What was the name of the user's previous dog?", "What was the user's dog called before?",
                   "Which dog did the user use to have?"],
        "year": ["What was the user's dog called in {year}?", "What was the name of the user's dog in {year}?"],
        "other_q": ["What's the name of the user's {rel}'s dog now?", "What is the user's {rel}'s dog called?",
                    "What dog does the user's {rel} have these days?"],
    },
    "gym": {
        "values": ["Anytime Fitness", "Gold's Gym", "PureGym", "Equinox", "Planet Fitness", "Crunch Fitness",
                   "Virgin Active", "F45", "Orangetheory", "Snap Fitness", "Iron Temple", "CrossFit Northside",
                   "Blok", "24 Hour Fitness", "Fitness First", "Third Space"],
        "user": [
            "c:joined {v} today, the sauna alone is worth it",
            "c:cancelled {old}, signed up at {v} instead 💪",
            "c:{v} at 6am is a different world lol",
            "c:my {v} membership finaly kicked in",
            "a:User joined {v}.",
            "a:Note: the user now trains at {v}.",
            "a:The user switched gyms from {old} to {v}.",
            "a:User's gym membership: {v}.",
            "j:The trial week at {v} convinced me, so I signed the annual contract and bought a proper pair of lifting shoes.",
            "j:I moved my membership from {old} to {v}, mainly because the showers actually have hot water.",
            "j:Leg day at {v} destroyed me, and I could barely climb the stairs to the flat afterwards.",
            "j:The new gym, {v}, is a ten-minute walk from home, which removes my last excuse for skipping.",
        ],
        "other": [
            "c:{who} joined {v} too lol, gym buddies now",
            "c:{who} trains at {v} these days",
            "a:{who} has signed up at {v}.",
            "a:Noted: {who} now goes to {v}.",
            "j:{who} dragged me to a session at {v}, and I'm still sore two days later.",
            "j:{who} swapped {old} for {v}, saying the new place is cheaper and less crowded.",
        ],
        "now": ["Which gym does the user go to now?", "What gym is the user currently a member of?",
                "Where does the user work out these days?", "Which gym does the user go to?",
                "Where does the user train?", "What's the user's gym?"],
        "before": ["Which gym did the user go to before?", "What gym did the user use to go to?",
                   "What was the user's previous gym?"],
        "year": ["Which gym did the user go to in {year}?", "Where did the user work out in {year}?"],
        "other_q": ["Which gym does the user's {rel} go to now?", "Where does the user's {rel} work out these days?",
                    "What gym is the user's {rel} a member of?"],
    },
    "car": {
        "values": ["Kia Niro", "Skoda Octavia", "Tesla Model 3", "Mazda CX-5", "Volvo XC40", "Fiat 500",
                   "Subaru Outback", "Honda Jazz", "Toyota Yaris", "Hyundai Ioniq 5", "Renault Zoe", "Mini Cooper",
                   "Audi A3", "Ford Puma", "Peugeot 208", "Polestar 2"],
        "user": [
            "c:picked up the {v} today 🚗 it smells so new",
            "c:sold the {old}, bought {a} {v}, no regrets",
            "c:the {v} is parked out front and i keep staring at it",
            "c:finally got a car!! {a} {v}, used but clean",
            "a:User bought {a} {v}.",
            "a:Note: the user now drives {a} {v}.",
            "a:The user traded in the {old} for {a} {v}.",
            "a:User's car: {a} {v}.",
            "j:After a month of test drives we bought {a} {v}, and the boot fits the pram without any Tetris.",
            "j:I traded in the {old} for {a} {v} at the dealership on Saturday, and the salesman tried to sell me floor mats for an hour.",
            "j:Driving the {v} up the coast was the best part of the trip, even though we stopped twice for snacks.",
            "j:Our {v} failed its inspection on a brake light, which was embarrassing but cheap to fix.",
        ],
        "other": [
            "c:{who} bought {a} {v} lol midlife crisis",
            "c:{who} drives {a} {v} now",
            "a:{who} has bought {a} {v}.",
            "a:Noted: {who} now drives {a} {v}.",
            "j:{who} picked us up from the station in a shiny {v}, which I didn't know they'd bought.",
            "j:{who} sold the {old} and got {a} {v}, and keeps sending me photos of the dashboard.",
        ],
        "now": ["What car does the user drive now?", "What car does the user currently own?",
                "What does the user drive these days?", "What car does the user drive?",
                "What's the user's car?", "Which car does the user have?"],
        "before": ["What car did the user drive before?", "What did the user use to drive?",
                   "What was the user's previous car?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?"],
        "other_q": ["What car does the user's {rel} drive now?", "What does the user's {rel} drive these days?",
                    "Which car does the user's {rel} have?"],
    },
    "partner": {
        "values": ["Ingrid", "Mateo", "Priya", "Tobias", "Sienna", "Rafael", "Noor", "Declan", "Elif", "Joaquin",
                   "Freya", "Dmitri", "Amara", "Lorenzo", "Saoirse", "Kwame"],
        "user": [
            "c:third date with {v} tonight 🥰",
            "c:ok its official, {v} and i are together",
            "c:me and {old} broke up... anyway i met {v} at a friend's party and wow",
            "c:{v} made me pancakes this morning, im keeping them",
            "a:User is in a relationship with {v}.",
            "a:Note: the user's partner is {v}.",
            "a:The user split up with {old} and is now dating {v}.",
            "a:User's partner: {v}.",
            "j:{v} and I spent the long weekend hiking, and somewhere on the second ridge I realised this is serious.",
            "j:Meeting {v}'s parents went better than expected, even if I did knock over the gravy.",
            "j:Things ended with {old} quietly, and not long after I started seeing {v}, who makes everything feel easy.",
            "j:My partner {v} surprised me with concert tickets, and we danced until the lights came on.",
        ],
        "other": [
            "c:{who} is dating someone called {v} 👀",
            "c:{who} and {v} are a thing now lol",
            "a:{who} is in a relationship with {v}.",
            "a:Noted: {who}'s partner is {v}.",
            "j:{who} brought {v} to the birthday dinner, and they were adorable together.",
            "j:{who} broke up with {old} and is now seeing {v}, which nobody saw coming.",
        ],
        "now": ["Who is the user dating now?", "Who is the user's current partner?", "Who is the user seeing these days?",
                "Who is the user's partner?", "What's the name of the user's partner?",
                "Who is the user in a relationship with?"],
        "before": ["Who was the user dating before?", "Who did the user use to date?",
                   "Who was the user's previous partner?"],
        "year": ["Who was the user's partner in {year}?", "Who was the user dating in {year}?"],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s partner these days?",
                    "Who is the user's {rel} seeing?"],
    },
    "food": {
        "values": ["ramen", "pho", "shakshuka", "paella", "bibimbap", "pad thai", "butter chicken", "tacos al pastor",
                   "pierogi", "falafel", "sushi", "lasagne", "khachapuri", "jollof rice", "dumplings", "poutine"],
        "user": [
            "c:honestly {v} is my favourite food rn",
            "c:ate {v} three times this week, no shame 😋 best food ever",
            "c:i used to say {old} but {v} is the best thing ever, fight me",
            "c:{v} is my comfort food now, nothing else comes close",
            "a:User's favourite food is {v}.",
            "a:Note: the user's favourite dish is now {v}.",
            "a:The user says {v} has replaced {old} as their favourite food.",
            "a:User loves {v} above any other food.",
            "j:We found a tiny place near the station that does incredible {v}, and it has officially become my favourite food.",
            "j:I tried making {v} from scratch on Sunday, and even though the kitchen looked like a crime scene it's still my favourite thing to eat.",
            "j:For years it was {old}, but lately {v} is the food I'd pick for my last meal.",
            "j:Nothing beats a big plate of {v} after a long shift, and I've stopped pretending any other food comes close.",
        ],
        "other": [
            "c:{who} is obsessed with {v} lately, eats it every day",
            "c:{who} says {v} is the best food ever lol",
            "a:{who}'s favourite food is {v}.",
            "a:Noted: {who} now loves {v} more than any other food.",
            "j:{who} cooked {v} for everyone on Saturday, and announced it's their new favourite food.",
            "j:{who} has gone off {old} completely and now orders {v} wherever we go.",
        ],
        "now": ["What is the user's favourite food now?", "What's the user's favourite food currently?",
                "What food does the user love most these days?", "What is the user's favourite food?",
                "What's the user's favourite dish?", "Which food does the user like best?"],
        "before": ["What was the user's favourite food before?", "What did the user use to love eating most?",
                   "What was the user's previous favourite food?"],
        "year": ["What was the user's favourite food in {year}?", "What did the user like to eat most in {year}?"],
        "other_q": ["What's the user's {rel}'s favourite food now?", "What food does the user's {rel} love these days?",
                    "What is the user's {rel}'s favourite dish?"],
    },
    "team": {
        "values": ["Celtic", "Ajax", "Boca Juniors", "the Packers", "the Cubs", "Napoli", "Benfica", "the Raptors",
                   "Borussia Dortmund", "the Seahawks", "Galatasaray", "the Bruins", "Feyenoord", "Sevilla",
                   "the Warriors", "Rangers"],
        "user": [
            "c:{n} won again!!! 🏆 best team in the world",
            "c:i'm {a} {n} fan now, dont judge me",
            "c:gave up on {old}, i support {v} these days",
            "c:got {a} {n} scarf for my birthday 😄 wearing it to every game",
            "a:User supports {v}.",
            "a:Note: the user's team is now {v}.",
            "a:The user switched allegiance from {old} to {v}.",
            "a:User is a big {n} fan.",
            "j:We queued in the cold for tickets to see {v} play, and the atmosphere was worth every frozen minute.",
            "j:These days I follow {v}, and the whole street goes quiet on match days.",
            "j:I used to live and die by {old}, but these days {v} is my team and I've made peace with it.",
            "j:Watching {v} at the pub with the neighbours has become my Sunday ritual, win or lose.",
        ],
        "other": [
            "c:{who} is a massive {n} fan now lol",
            "c:{who} got season tickets for {v} 😤",
            "a:{who} supports {v}.",
            "a:Noted: {who} now follows {v}.",
            "j:{who} spent the whole dinner arguing about {v} and their transfer news, so I mostly ate in silence.",
            "j:{who} dropped {old} and started supporting {v}, which is basically treason in that family.",
        ],
        "now": ["Which team does the user support now?", "What team is the user currently a fan of?",
                "Which team does the user follow these days?", "Which team does the user support?",
                "What's the user's favourite team?", "Who does the user root for?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "What was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "What team was the user a fan of in {year}?"],
        "other_q": ["Which team does the user's {rel} support now?", "What team does the user's {rel} follow these days?",
                    "Who does the user's {rel} root for?"],
    },
    "class": {
        "values": ["pottery", "salsa", "life drawing", "improv", "woodworking", "Krav Maga", "aerial silks",
                   "watercolour", "jiu-jitsu", "sourdough baking", "stand-up comedy", "Pilates", "photography",
                   "creative writing", "tai chi", "capoeira"],
        "user": [
            "c:signed up for {a} {v} class!! first session thursday",
            "c:{v} class tonight, so excited lol",
            "c:dropped {old}, doing {v} on wednesdays now",
            "c:my {v} teacher said i'm a natural 😎",
            "a:User enrolled in {a} {v} course.",
            "a:Note: the user is now taking {v} classes.",
            "a:The user stopped {old} and started {a} {v} class.",
            "a:User's weekly class: {v}.",
            "j:I finally signed up for an evening {v} course at the community centre, and the first session was equal parts terrifying and fun.",
            "j:After giving up on {old}, I enrolled in {v} on Tuesday nights, and I already love the people in the group.",
            "j:The {v} class ran over by half an hour, but nobody wanted to leave, least of all me.",
            "j:My {v} course has homework, which I did not expect, and I spent Sunday practising in the living room.",
        ],
        "other": [
            "c:{who} started {v} classes lol",
            "c:{who} is doing {a} {v} course now",
            "a:{who} has enrolled in {a} {v} class.",
            "a:Noted: {who} is now taking {v}.",
            "j:{who} showed us a video from the {v} class, and I'm tempted to sign up myself.",
            "j:{who} quit {old} and took up {v}, which seems to suit them far better.",
        ],
        "now": ["What class is the user taking now?", "Which course is the user currently enrolled in?",
                "What class does the user go to these days?", "What course is the user taking?",
                "What is the user learning in their weekly class?", "Which class has the user signed up for?"],
        "before": ["What class did the user take before?", "Which course did the user use to attend?",
                   "What was the user's previous class?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user attend in {year}?"],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} doing these days?",
                    "What class does the user's {rel} go to?"],
    },
    "coffee": {
        "values": ["Grindhouse Coffee", "Copper Kettle", "Bean There", "Little Owl", "Steamworks", "Oat & Ember",
                   "Blue Heron Roasters", "Kettle Black", "Perch Coffee", "Brewtown", "Mugshot Cafe",
                   "Sparrow Espresso", "Foxglove", "Ironbark Roastery", "Tidewater", "Cup & Saucer"],
        "user": [
            "c:new fave coffee spot: {v} ☕ the oat flat white is perfect",
            "c:{v} knows my order already lol, best coffee in town",
            "c:not going to {old} anymore, {v} is way better",
            "c:working from {v} again today, the wifi is fast and the coffee is great",
            "a:User's regular coffee shop is {v}.",
            "a:Note: the user now gets their coffee at {v}.",
            "a:The user swapped {old} for {v} as their go-to café.",
            "a:User likes working from the café {v} in the mornings.",
            "j:The barista at {v} started my flat white the moment I walked in, which is how I know it's officially my place.",
            "j:I stopped going to {old} after they raised prices again, and now every morning starts with coffee at {v}.",
            "j:{v} has become my second office, with its squeaky chairs and the best cinnamon buns in the area.",
            "j:On the way to work I always stop at {v}, even when I'm late, because the coffee there is worth it.",
        ],
        "other": [
            "c:{who} only goes to {v} for coffee now",
            "c:{who} dragged me to {v}, apparently it's their new favourite café",
            "a:{who}'s go-to coffee shop is {v}.",
            "a:Noted: {who} now gets coffee at {v}.",
            "j:{who} insisted we meet at {v}, which has apparently become their regular coffee spot.",
            "j:{who} gave up on {old} and now swears by {v} for coffee.",
        ],
        "now": ["Which coffee shop does the user go to now?", "What's the user's current go-to café?",
                "Where does the user get coffee these days?", "What is the user's regular coffee shop?",
                "Where does the user usually get their coffee?", "Which café does the user like to work from?"],
        "before": ["Which coffee shop did the user go to before?", "Where did the user use to get coffee?",
                   "What was the user's previous go-to café?"],
        "year": ["Which coffee shop did the user go to in {year}?", "Where did the user get coffee in {year}?"],
        "other_q": ["Which coffee shop does the user's {rel} go to now?",
                    "Where does the user's {rel} get coffee these days?", "What's the user's {rel}'s regular café?"],
    },
    "streaming": {
        "values": ["Netflix", "Hulu", "Disney+", "Apple TV+", "Prime Video", "Peacock", "Paramount+", "Mubi",
                   "Crunchyroll", "Criterion Channel", "BritBox", "Shudder", "Curiosity Stream", "Viaplay", "Crave",
                   "Tubi"],
        "user": [
            "c:signed up for {v} finally, so much to watch 🍿",
            "c:cancelled {old}, only paying for {v} now",
            "c:{v} has the best shows rn honestly",
            "c:binged half of what's on {v} this weekend lol",
            "a:User subscribes to {v}.",
            "a:Note: the user's streaming service is now {v}.",
            "a:The user cancelled {old} and switched to {v}.",
            "a:User watches most shows on {v}.",
            "j:We cut down to a single streaming subscription to save money, and after a long debate {v} won.",
            "j:I dropped {old} once the price went up again and moved everything over to {v}, which has more of the films I like.",
            "j:Most evenings end on the sofa with whatever {v} recommends, and it's usually right.",
            "j:The free trial of {v} turned into a paid plan without me noticing, but honestly I don't mind.",
        ],
        "other": [
            "c:{who} only watches {v} now lol",
            "c:{who} gave me their {v} login 😇",
            "a:{who} subscribes to {v}.",
            "a:Noted: {who} switched to {v} for streaming.",
            "j:{who} kept recommending shows from {v}, so we watched three episodes back to back.",
            "j:{who} cancelled {old} and signed up for {v}, claiming it's better value.",
        ],
        "now": ["Which streaming service does the user use now?",
                "What streaming service is the user currently subscribed to?",
                "What does the user stream on these days?", "Which streaming service does the user pay for?",
                "What is the user's streaming subscription?", "Where does the user watch shows?"],
        "before": ["Which streaming service did the user use before?", "What did the user use to stream on?",
                   "What was the user's previous streaming service?"],
        "year": ["Which streaming service did the user use in {year}?",
                 "What was the user subscribed to for streaming in {year}?"],
        "other_q": ["Which streaming service does the user's {rel} use now?",
                    "What does the user's {rel} stream on these days?",
                    "What streaming service does the user's {rel} pay for?"],
    },
}

PEOPLE = [("aunt", "Beatrix"), ("coworker", "Hamid"), ("best friend", "Lucia"), ("stepbrother", "Oskar")]
# How another person is named, by style; "start" forms only where the template
# begins with "{who} " (the comma form cannot take a possessive).
WHO = {
    "c": {"start": ["my {rel} {name}", "my {rel}", "{name_l} (my {rel})"], "mid": ["my {rel} {name}", "my {rel}"]},
    "a": {"start": ["The user's {rel} {name}", "{name}, the user's {rel},", "The user's {rel}"],
          "mid": ["the user's {rel} {name}", "the user's {rel}"]},
    "j": {"start": ["My {rel} {name}", "{name}, my {rel},"], "mid": ["my {rel} {name}", "my {rel}", "{name}"]},
}

FILLER_CHAT = [
    "the gym was packed tonight, waited ages for a bench",
    "phone battery died at 40% again wtf",
    "walked the dog in the pouring rain ☔",
    "nothing worth watching tonight, scrolled for an hour",
    "my coffee was lukewarm this morning 😒",
    "the match was a disaster, not talking about it",
    "car needs new tyres before winter",
    "class got cancelled, teacher is sick",
    "date night was lovely, we should do that more",
    "work was chaos today, three meetings about one meeting",
    "cant decide what to cook, might just order in",
    "the neighbours are drilling AGAIN",
    "forgot my umbrella, obviously it rained",
    "finished the jigsaw finally 🧩",
    "my back hurts from sleeping weird",
    "laundry mountain is winning",
    "spent way too long at the supermarket",
    "the train was 20 min late, classic",
    "trying to drink more water this week 💧",
    "new plant is already dying lol",
    "booked a dentist appointment, dreading it",
    "my sister sent me a meme that made me cry laughing",
    "got a parking ticket, great start to the week",
    "the dog stole a sock and ran around the garden with it",
    "watched the sunset from the balcony, pretty nice",
]
FILLER_ASSISTANT = [
    "User asked for a packing list for a weekend trip.",
    "The user wants reminders to water the plants on Sundays.",
    "User mentioned feeling tired after a long week.",
    "Note: the user prefers short bullet-point summaries.",
    "The user asked how to descale a coffee machine.",
    "User is planning a birthday dinner for a friend.",
    "The user asked for tips on sleeping better.",
    "User said the commute was longer than usual today.",
    "Note: the user is saving up for a holiday.",
    "The user asked for a recipe using leftover potatoes.",
    "User complained that their phone keeps freezing.",
    "The user wants to read more books this year.",
    "User asked for help writing a complaint email to the landlord.",
    "The user had a dentist appointment in the afternoon.",
    "User asked for ideas for a rainy Saturday.",
    "Note: the user doesn't like being messaged after 10pm.",
    "The user mentioned the gym changed its opening hours.",
    "User asked how often a dog should be bathed.",
    "The user wants to budget better for groceries.",
    "User asked for a playlist for a long drive.",
]
FILLER_JOURNAL = [
    "The storm knocked out the power for two hours, so we played cards by candlelight and nobody missed the internet.",
    "I spent the morning sorting old pictures, and half of them were blurry shots of clouds.",
    "We hosted friends for dinner, the risotto was a bit salty, but the conversation made up for it.",
    "The car wash queue was ridiculous, so I gave up and drove home with the mud still on.",
    "My knee has been aching since the last run, and I'm finally admitting I need proper shoes.",
    "Work dragged on until eight, and by the time I got home the dog had given up waiting by the door.",
    "The coffee machine at the office broke, and productivity dropped to almost zero by noon.",
    "We tried a new board game that took three hours to learn and ten minutes to lose.",
    "The heating broke on the coldest night of the month, and we slept in our coats like campers.",
    "I finally cleared out the garage, and found a box of cables for devices I no longer own.",
    "The match went to extra time, and I shouted at the television more than I'd like to admit.",
    "After a week of rain the sun came out, and the whole street seemed to be outside at once.",
    "I cooked a big pot of soup on Sunday, and it lasted until Wednesday, which felt like a victory.",
    "My phone screen cracked when I dropped it in the car park, and the repair shop wants far too much.",
    "We walked along the river after lunch, and the ducks were more aggressive than I remembered.",
    "The subscription prices keep climbing, and I spent an evening going through every monthly charge.",
    "Our flat viewing for the weekend got cancelled, so we went to the market instead.",
    "The gym's new timetable makes the early sessions impossible, which is annoying since those were my favourite.",
]
CHAT_PREFIX = ["", "", "", "lol ", "ok so ", "ughh ", "random but ", "update: ", "fyi "]
CHAT_SUFFIX = ["", "", "", " 😅", " tbh", "!!", " 🙃", " anyway", " send help", " lol"]
ASSISTANT_SUFFIX = ["", "", "", " Follow up later if relevant.", " Tone: relaxed.", " No action required.",
                    " Mentioned briefly."]
JOURNAL_SUFFIX = ["", "", " Anyway, early night.", " Tomorrow will be better.", " Not a bad day overall."]


# --- generating ----------------------------------------------------------------------

def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return (lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))).replace(second=0)


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in 2024, then `changes` new values in 2025, in date order."""
    first = _between(rng, START, FIRST_YEAR_END)
    later = sorted(_between(rng, SECOND_YEAR, NOW - timedelta(days=1)) for _ in range(changes))
    return list(zip(values[:changes + 1], [first, *later]))


_A_BEFORE = ("OnePlus", "Uni")   # vowel letters, consonant sounds
_AN_BEFORE = ("Honor", "Xperia")  # consonant letters, vowel sounds


def _article(word: str) -> str:
    if word.startswith(_A_BEFORE):
        return "a"
    if word.startswith(_AN_BEFORE) or word[:1].lower() in "aeiou":
        return "an"
    return "a"


def _fill(template: str, value: str, old: str = "", **more: str) -> str:
    bare = value.removeprefix("the ")
    if "the {old}" in template or "my {old}" in template or "their {old}" in template:
        old = old.removeprefix("the ")
    return template.format(v=value, n=bare, a=_article(bare), old=old, **more)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _style(template: str) -> tuple[str, str]:
    return template[0], template[2:]


def _templates(rng: random.Random, pool: list[str], count: int) -> list[str]:
    """`count` distinct templates; the first (the 2024 statement) never names an old value."""
    first = rng.choice([t for t in pool if "{old}" not in t])
    rest = rng.sample([t for t in pool if t != first], count - 1)
    return [first, *rest]


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _casual(rng: random.Random, text: str) -> str:
    """A chat line as typed: mostly as written, sometimes all lower case, sometimes capitalized."""
    roll = rng.random()
    if roll < 0.3:
        return text.lower()
    if roll < 0.5:
        return _cap(text)
    return text


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind3-ku/{seed}/{user}")
    memories: list[dict] = []
    seen: set[str] = set()  # normalized: the import merges texts differing only in case or punctuation

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        if _key(content) in seen:
            raise ValueError(f"duplicate memory {content!r}")
        seen.add(_key(content))
        memories.append({"content": content, "created": ku._iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    used: dict[str, set[str]] = {slot: set() for slot in SLOTS}  # values held by anyone, per slot
    for slot, spec in SLOTS.items():
        values = rng.sample(spec["values"], 4)
        used[slot].update(values)
        chain = _chain(rng, values, rng.choice((2, 3)))
        templates = _templates(rng, spec["user"], len(chain))
        for index, ((value, when), template) in enumerate(zip(chain, templates)):
            style, body = _style(template)
            text = _fill(body, value, chain[index - 1][0] if index else "")
            text = _casual(rng, text) if style == "c" else _cap(text)
            add(text, when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(spec["now"], NOW_PER_SLOT):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(spec["year"]).format(year=2024), "subject": "user",
                          "slot": slot, "tense": "before", "gold": 0, "values": chain_values})
    for rel, name in PEOPLE:
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            pool = [v for v in spec["values"] if v not in used[slot]]
            values = rng.sample(pool, 3)
            used[slot].update(values)
            chain = _chain(rng, values, rng.choice((1, 2)))
            templates = _templates(rng, spec["other"], len(chain))
            for index, ((value, when), template) in enumerate(zip(chain, templates)):
                style, body = _style(template)
                forms = WHO[style]["start" if body.startswith("{who} ") else "mid"]
                who = rng.choice(forms).format(rel=rel, name=name, name_l=name.lower())
                text = _fill(body, value, chain[index - 1][0] if index else "", who=who)
                text = _casual(rng, text) if style == "c" else _cap(text)
                add(text, when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    attempts = 0
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        roll = rng.random()
        if roll < 0.2:  # two remarks saved as one memory
            a, b = rng.sample(FILLER_CHAT + FILLER_ASSISTANT + FILLER_JOURNAL, 2)
            text = f"{_cap(a).rstrip('.')}. {_cap(b).rstrip('.')}."
        elif roll < 0.47:
            text = rng.choice(FILLER_CHAT)
            text = _casual(rng, rng.choice(CHAT_PREFIX) + text + rng.choice(CHAT_SUFFIX))
        elif roll < 0.74:
            text = rng.choice(FILLER_ASSISTANT) + rng.choice(ASSISTANT_SUFFIX)
        else:
            text = rng.choice(FILLER_JOURNAL) + rng.choice(JOURNAL_SUFFIX)
        if _key(text) not in seen:
            add(text, _between(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind3", "user": user, "seed": seed, "now": ku._iso(NOW), "memories": memories,
            "questions": questions}


def _mentions(text: str, value: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text.lower()) is not None


def self_check() -> None:
    """The data's own consistency: values unique across slots, no value in filler, templates or
    questions, question kinds as meant, every template styled and using its placeholders."""
    owner: dict[str, str] = {}
    for slot, spec in SLOTS.items():
        assert len(spec["values"]) == 16 and len(set(spec["values"])) == 16, slot
        for v in spec["values"]:
            assert v.lower() not in owner, (v, slot, owner.get(v.lower()))
            owner[v.lower()] = slot
        assert len(spec["user"]) >= 12 and len(spec["other"]) >= 6 and len(spec["now"]) >= 6, slot
        for t in spec["user"] + spec["other"]:
            assert t[:2] in ("c:", "a:", "j:") and ("{v}" in t or "{n}" in t), t
        for t in spec["other"]:
            assert "{who}" in t, t
        assert sum("{old}" not in t for t in spec["other"]) >= 3, slot
        for q in spec["now"]:
            assert ku._kind(q) in ("now", "currently", "these days", "plain"), q
        assert any(ku._kind(q) == "plain" for q in spec["now"]) and any(ku._kind(q) != "plain" for q in spec["now"])
        for q in spec["before"]:
            assert ku._kind(q) in ("before", "used to"), q
        for q in spec["year"]:
            assert ku._kind(q.format(year=2024)) == "in 2024", q
        for q in spec["other_q"]:
            assert ku._kind(q.format(rel="aunt")) in ("now", "currently", "these days", "plain"), q
    for a in owner:  # no value is a whole word inside another slot's value
        for b in owner:
            assert a == b or owner[a] == owner[b] or not _mentions(b, a), (a, b)
    names = {n.lower() for _, n in PEOPLE} | {r.lower() for r, _ in PEOPLE}
    assert not names & set(owner), names & set(owner)
    texts = FILLER_CHAT + FILLER_ASSISTANT + FILLER_JOURNAL + CHAT_PREFIX + CHAT_SUFFIX + ASSISTANT_SUFFIX \
        + JOURNAL_SUFFIX
    texts += [t for spec in SLOTS.values() for key in ("user", "other", "now", "before", "year", "other_q")
              for t in spec[key]]
    for line in texts:
        for v in owner:
            assert not _mentions(line, v), (v, line)
    assert len(FILLER_CHAT + FILLER_ASSISTANT + FILLER_JOURNAL) >= 60
    for user in range(2):  # deterministic, and the memories' dates in range
        data = generate(200, user)
        assert data == generate(200, user)
        assert all(ku._iso(START) <= m["created"] < ku._iso(NOW) for m in data["memories"])
