"""Knowledge-update set blind5: a fifth blind knowledge-update test set for hippocampus recall.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Blind: measured before (current@1 0.240 at 1,000) and after the work of 2026-12-01 (0.312), its failures not read.

    python3 bench/knowledge_updates.py --split blind5 --mode library
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

import knowledge_updates as ku


START, NOW = ku.START, ku.NOW
LAST_OF_2024 = datetime(2024, 12, 31, 22, 0, tzinfo=timezone.utc)
FIRST_OF_2025 = datetime(2025, 1, 1, 6, 0, tzinfo=timezone.utc)
NOW_PER_SLOT = 2  # now-questions asked per slot (as the bench does)
STYLES = ("t", "p", "n", "f", "s")

# --- data --------------------------------------------------------------------------
# Template prefix = writer style. Placeholders: {v} value, {a} its article, {old} the
# previous value, {month} the statement's month, {breed} a dog breed, {who} the person.

SLOTS: dict[str, dict[str, list[str]]] = {
    "city": {
        "values": ["Ghent", "Tallinn", "Bologna", "Gdansk", "Bergen", "Ljubljana", "Aarhus", "Graz",
                   "Cork", "Utrecht", "Bilbao", "Trieste", "Tampere", "Brno", "Nantes", "Lausanne"],
        "user": [
            "t:ok so officially living in {v} now lol",
            "t:moved to {v} this wknd, my back is destroyed from carrying boxes",
            "t:{v} is home now i guess. still no wifi 💀",
            "t:bye {old}, hello {v} ✌️",
            "p:We've moved the whole family to {v}; the kids start at their new school on Monday.",
            "p:Finally settled into our new place in {v} — the little one already has a favourite park.",
            "p:We left {old} for {v} so we'd be closer to the grandparents.",
            "n:I am living now in {v}, it is a nice city but the rent is too high.",
            "n:Since {month} I live in {v}, I moved there for start a new life.",
            "n:Now my home is {v}, not more {old}.",
            "f:The user has relocated to {v}.",
            "f:Home city: {v}.",
            "f:The user's place of residence changed from {old} to {v}.",
            "s:It took three weekends, two borrowed vans and one very patient friend, but I'm now writing "
            "this from my new kitchen in {v}, with boxes still stacked against every wall.",
            "s:After years of saying I would never leave {old}, I packed up everything in a single chaotic "
            "week and moved to {v}, and so far I do not regret it for a second.",
            "s:The first morning in {v} I walked to the bakery on the corner and realised that this, for "
            "better or worse, is where I live now.",
        ],
        "other": [
            "t:{who} just moved to {v} apparently",
            "p:{who} has moved to {v} with the whole family.",
            "n:{who} lives now in {v}, this I heard on the phone.",
            "f:{who} has relocated to {v}.",
            "s:Over dinner {who} mentioned, almost in passing, that the move to {v} is finally done.",
            "s:{who} finally gave up on {old} and has moved to {v}, which nobody saw coming.",
            "f:{who} now resides in {v} (previously {old}).",
        ],
        "now": ["Where does the user live now?", "Which city is the user based in?",
                "What city does the user call home these days?", "Where is the user currently living?",
                "In which city does the user reside?", "Where's the user's home at the moment?",
                "What is the user's current home city?"],
        "before": ["Where did the user live before?", "Which city did the user use to live in?",
                   "What was the user's previous home city?"],
        "year": ["Where did the user live in {year}?", "Which city was the user living in during {year}?"],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} based in currently?",
                    "Where is the user's {rel} living these days?", "What city does the user's {rel} live in?"],
    },
    "employer": {
        "values": ["Zalando", "Ocado", "Atlassian", "Shopify", "Personio", "Celonis", "Adyen", "Siemens",
                   "Unilever", "Philips", "Ericsson", "Airbus", "Heineken", "Decathlon", "Bosch", "Lego"],
        "user": [
            "t:first day at {v} tmrw im lowkey terrified",
            "t:got the job at {v}!!! 🎉🎉",
            "t:quit {old}, starting at {v} next week. pray for me",
            "p:I've started at {v}, and the hours finally let me do the school run.",
            "p:New job at {v} — we're celebrating with pizza tonight, the kids chose.",
            "p:Left {old} for {v}; less money, but I'm home for dinner.",
            "n:I am working now for {v}, in the team of data.",
            "n:Since {month} my work is at {v}, the colleagues are very kind.",
            "f:Current employer: {v}.",
            "f:The user has taken a new position at {v}.",
            "f:The user has left {old} and now works at {v}.",
            "s:When the recruiter from {v} called I almost didn't pick up, but three interviews later I've "
            "signed the contract and I start there on the first of the month.",
            "s:I spent my last afternoon at {old} handing over passwords and eating leftover cake, and on "
            "Monday I walk into {v} as the new person who doesn't know where the printer is.",
            "s:The office at {v} has terrible coffee and a view of a car park, but the people are good and "
            "the work is the most interesting I've done in years.",
        ],
        "other": [
            "t:{who} got hired at {v} lol good for them",
            "p:{who} has started a new job at {v}.",
            "n:{who} is working now at {v}, a big change.",
            "f:{who} is now employed by {v}.",
            "s:Apparently {who} walked out of {old} after a huge row about holidays and is already working at {v}.",
            "f:{who} has moved from {old} to {v}.",
        ],
        "now": ["Where does the user work now?", "Who is the user's employer?",
                "Which company is the user currently working for?", "What company employs the user these days?",
                "Where is the user working at the moment?", "What is the name of the user's current employer?"],
        "before": ["Where did the user work before?", "Which company did the user use to work for?",
                   "What was the user's previous employer?"],
        "year": ["Who was the user working for in {year}?", "Which company employed the user in {year}?"],
        "other_q": ["Where does the user's {rel} work now?", "Which company is the user's {rel} currently employed by?",
                    "Who does the user's {rel} work for these days?", "What is the user's {rel}'s employer?"],
    },
    "phone": {
        "values": ["iPhone 13 mini", "iPhone 16", "Pixel 7a", "Pixel 9", "Galaxy S23", "Galaxy Z Flip 5",
                   "Fairphone 5", "Nothing Phone 2", "Moto Edge 40", "Xiaomi 14", "Nokia G42", "Huawei P60",
                   "Oppo Find X6", "Asus Zenfone 10", "Poco F5", "Realme GT 6"],
        "user": [
            "t:new phone who dis. {a} {v} 😎",
            "t:finally got {a} {v}, the camera is insane",
            "t:dropped my {old} in the toilet 💀 so now its {a} {v}",
            "p:Bought myself {a} {v} so the kids can stop borrowing mine for games.",
            "p:I'm on {a} {v} now; my old handset went to our eldest.",
            "n:I have now {a} {v}, the battery is much more better.",
            "n:My new telephone is {a} {v}, I bought it in the sale.",
            "n:I changed my {old} for {a} {v}, the screen is more big.",
            "f:Phone: {v}.",
            "f:The user has switched to {a} {v}.",
            "f:The user replaced their {old} with {a} {v}.",
            "s:The screen of my poor old handset finally shattered on the station stairs, so I walked "
            "straight into the shop and came out with {a} {v}, which I'm still learning to use.",
            "s:I held on to the {old} for far too long out of stubbornness, but this week I gave in and set "
            "up {a} {v}, and I have to admit the battery alone was worth it.",
            "s:Sitting on the train, fiddling with the settings on my new {v} and trying to turn off every "
            "notification it came with, I missed my stop entirely.",
        ],
        "other": [
            "t:{who} got {a} {v} and wont stop showing it off",
            "p:{who} has upgraded to {a} {v}.",
            "n:{who} has now {a} {v}, very expensive.",
            "f:{who} now uses {a} {v}.",
            "s:At lunch {who} spent twenty minutes showing everyone the camera on the new {v}, having "
            "finally retired the {old}.",
            "f:{who} has replaced the {old} with {a} {v}.",
        ],
        "now": ["What phone does the user have now?", "Which phone model is the user using?",
                "What smartphone does the user currently own?", "What kind of phone is the user carrying these days?",
                "Which handset does the user use at the moment?", "What is the user's current phone?"],
        "before": ["What phone did the user have before?", "Which phone did the user use to have?",
                   "What was the user's previous phone?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?"],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone is the user's {rel} currently using?",
                    "What smartphone does the user's {rel} own these days?", "What phone does the user's {rel} use?"],
    },
    "dog": {
        "values": ["Biscuit", "Pepper", "Mochi", "Waffles", "Juniper", "Ziggy", "Noodle", "Otis",
                   "Hazel", "Rufus", "Clementine", "Pickles", "Bruno", "Tofu", "Nimbus", "Sprocket"],
        "user": [
            "t:meet {v} 🐶 our new {breed}, im obsessed",
            "t:got a puppy!!! his name is {v}",
            "t:{old} lives at my nans farm now so we got a new pup, {v} 🐾",
            "p:The kids have named our new puppy {v}, after a week of arguing.",
            "p:We adopted a {breed} from the shelter; the children call him {v}.",
            "p:Our dog is {v} now — {old} went to live with my parents on the farm.",
            "n:Our dog has the name {v}, he is a small {breed}.",
            "n:I have now a dog, his name is {v}.",
            "n:The dog {old} lives now by my parents, we have a new dog {v}.",
            "f:Dog's name: {v}.",
            "f:The user has adopted a {breed} named {v}.",
            "f:The user's dog is now {v}; {old} has been rehomed.",
            "s:We went to the shelter just to look, which everyone knows is a lie, and came home with a "
            "scruffy {breed} who now answers, most of the time, to {v}.",
            "s:Ever since {old} went to live with my parents in the countryside the flat felt too quiet, so "
            "when a {breed} down the road had puppies we took the smallest one and called her {v}.",
            "s:Every morning at six {v} drops the lead on my pillow and stares at me until I get up, which "
            "is how I know the new dog has fully settled in.",
        ],
        "other": [
            "t:{who} got a puppy called {v} 😍",
            "p:{who} has a new dog, a {breed} named {v}.",
            "n:{who} has now a dog with the name {v}.",
            "f:{who} has adopted a dog named {v}.",
            "s:When I visited, {who} introduced me to {v}, a nervous little {breed} who hid behind the sofa "
            "the whole evening.",
            "f:{who}'s dog is now {v}, as {old} has been rehomed.",
        ],
        "now": ["What is the user's dog called now?", "What's the name of the user's dog?",
                "What is the user's current dog named?", "What name does the user's dog answer to these days?",
                "Which dog does the user have at the moment?", "What is the user's dog's name?"],
        "before": ["What was the user's previous dog called?", "What was the name of the dog the user had before?",
                   "What was the user's dog called before?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?"],
        "other_q": ["What is the user's {rel}'s dog called now?", "What's the name of the user's {rel}'s dog?",
                    "What dog does the user's {rel} currently have?",
                    "What is the name of the dog the user's {rel} has these days?"],
    },
    "gym": {
        "values": ["PureGym", "Anytime Fitness", "Virgin Active", "Fitness First", "Basic-Fit", "McFit",
                   "Snap Fitness", "Planet Fitness", "Third Space", "David Lloyd", "Equinox", "SATS",
                   "Crunch Fitness", "Gold's Gym", "Bannatyne", "JD Gyms"],
        "user": [
            "t:joined {v} finally, leg day tmrw 😩",
            "t:{v} membership secured 💪 no excuses now",
            "t:cancelled {old} bc it was always packed, {v} now",
            "p:I've joined {v} because it has a crèche, so I can train while the kids are looked after.",
            "p:Signed up at {v} — early mornings before the school run from now on.",
            "n:I go now to {v} for training, three times in the week.",
            "n:My gym is {v} now, it is near to my house.",
            "n:I stopped with {old}, now I am member of {v}.",
            "f:Gym membership: {v}.",
            "f:The user has joined {v}.",
            "f:The user cancelled the {old} membership and joined {v}.",
            "s:I toured four gyms in one exhausting Saturday and in the end signed up at {v}, mostly because "
            "the changing rooms were clean and nobody was shouting.",
            "s:After two years of paying {old} for a membership I barely used, I switched to {v} and, "
            "against all odds, I have actually been going.",
            "s:The instructor at {v} has a voice like a foghorn and a playlist from another decade, and "
            "somehow I've been there four mornings a week since I joined.",
        ],
        "other": [
            "t:{who} joined {v} and now wont shut up about protein",
            "p:{who} has signed up at {v}.",
            "n:{who} is training now at {v}.",
            "f:{who} is now a member of {v}.",
            "s:It turns out {who} quit {old} in a huff and has been going to {v} every morning since.",
            "f:{who} has switched from {old} to {v}.",
        ],
        "now": ["Which gym does the user go to now?", "What gym is the user a member of?",
                "Where does the user currently work out?", "Which gym is the user training at these days?",
                "What gym does the user use at the moment?", "Where does the user have a gym membership?"],
        "before": ["Which gym did the user go to before?", "What gym did the user use to be a member of?",
                   "Where was the user's previous gym membership?"],
        "year": ["Which gym did the user go to in {year}?", "What gym was the user a member of in {year}?"],
        "other_q": ["Which gym does the user's {rel} go to now?", "What gym is the user's {rel} currently a member of?",
                    "Where does the user's {rel} work out these days?", "What gym does the user's {rel} use?"],
    },
    "car": {
        "values": ["Skoda Octavia", "Toyota Yaris", "Renault Clio", "Honda Jazz", "Fiat 500", "Peugeot 208",
                   "Volvo XC40", "Hyundai Ioniq 5", "Nissan Leaf", "Dacia Sandero", "Seat Ibiza", "Ford Puma",
                   "Citroen C3", "Subaru Outback", "Polestar 2", "Cupra Born"],
        "user": [
            "t:passed my test AND got {a} {v} 🚗 (its used but still)",
            "t:my {v} is a whole vibe ngl, best car ever",
            "t:sold the {old}, {a} {v} now. vroom",
            "p:We've bought {a} {v}; finally all three car seats fit in the back.",
            "p:Traded in the {old} for {a} {v} — much easier with the buggy.",
            "p:Our family car is {a} {v} now, and the boot actually fits the pram.",
            "n:I drive now {a} {v}, is not new but it runs good.",
            "n:I have bought a car, it is {a} {v}.",
            "f:Car: {v}.",
            "f:The user now drives {a} {v}.",
            "f:The user sold the {old} and bought {a} {v}.",
            "s:The man selling it swore it had only ever been driven to church on Sundays, and while I doubt "
            "that very much, I drove home in {a} {v} that afternoon grinning like an idiot.",
            "s:I said goodbye to the {old} at a petrol station on the ring road, handed the keys to a student "
            "who looked thrilled, and took the bus to collect my {v}.",
        ],
        "other": [
            "t:{who} bought {a} {v} lmao",
            "p:{who} has a new car, {a} {v}.",
            "n:{who} drives now {a} {v}.",
            "f:{who} now drives {a} {v}.",
            "s:Apparently {who} traded the old {old} for {a} {v} after it failed its inspection for the third time.",
            "f:{who} sold the {old} and now drives {a} {v}.",
        ],
        "now": ["What car does the user drive now?", "Which car does the user have?",
                "What is the user currently driving?", "What car does the user own these days?",
                "What vehicle is the user driving at the moment?", "What is the user's current car?"],
        "before": ["What car did the user drive before?", "Which car did the user use to own?",
                   "What was the user's previous car?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?"],
        "other_q": ["What car does the user's {rel} drive now?", "Which car is the user's {rel} currently driving?",
                    "What car does the user's {rel} own these days?", "What does the user's {rel} drive?"],
    },
    "partner": {
        "values": ["Matteo", "Ingrid", "Rafael", "Sunniva", "Dmitri", "Leonie", "Kwame", "Astrid",
                   "Tobias", "Noor", "Callum", "Freya", "Ezra", "Paloma", "Henrik", "Yasmin"],
        "user": [
            "t:ok so me and {v} are official now 🥰",
            "t:date night w {v} 💕 we're a thing now",
            "t:me and {old} broke up, been seeing {v} since",
            "p:{v} and I have moved in together, and the kids adore them.",
            "p:Introduced {v} to the children this weekend as my partner; it went better than I feared.",
            "n:I have a new partner, the name is {v}.",
            "n:I am together now with {v}, we met at the language café.",
            "n:With {old} it is finish, now I am with {v}.",
            "f:Partner: {v}.",
            "f:The user is in a relationship with {v}.",
            "f:The user and {old} have separated; the user's partner is now {v}.",
            "s:We met in the queue for a concert that was cancelled at the last minute, ended up sharing "
            "chips in the rain instead, and {v} and I have been together ever since.",
            "s:Breaking up with {old} was the hardest thing I did all year, but a few months later I met {v} "
            "at a barbecue and things are lighter now.",
        ],
        "other": [
            "t:{who} is dating {v} now?? since when",
            "p:{who} has a new partner called {v}.",
            "n:{who} is together now with {v}.",
            "f:{who} is in a relationship with {v}.",
            "s:At the wedding {who} turned up with {v}, which is how the rest of us learned that {old} was old news.",
            "f:{who} has separated from {old} and is now with {v}.",
        ],
        "now": ["Who is the user's partner now?", "Who is the user dating?",
                "Who is the user currently in a relationship with?", "What's the name of the user's partner these days?",
                "Who is the user seeing at the moment?", "Who is the user's significant other?"],
        "before": ["Who was the user's partner before?", "Who did the user use to date?",
                   "Who was the user's previous partner?"],
        "year": ["Who was the user's partner in {year}?", "Who was the user dating in {year}?"],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s partner?",
                    "Who is the user's {rel} currently seeing?", "Who is the user's {rel} with these days?"],
    },
    "food": {
        "values": ["ramen", "pho", "shakshuka", "paella", "bibimbap", "pierogi", "tacos al pastor", "laksa",
                   "moussaka", "jollof rice", "falafel", "gnocchi", "dal makhani", "katsu curry", "poke bowls",
                   "pad see ew"],
        "user": [
            "t:{v} is my whole personality rn",
            "t:could eat {v} every day honestly, fave food",
            "t:{old} was mid all along, {v} is the real fave",
            "p:Our new Friday tradition is {v}, and honestly it's become my favourite meal.",
            "p:Nothing beats {v} after the kids are in bed — it's my favourite thing to eat.",
            "n:My favourite food is now {v}, I eat it at least one time in the week.",
            "n:I like most of all {v}, more than {old} like before.",
            "n:For me the best food is {v}, I discover it this year.",
            "f:Favourite food: {v}.",
            "f:The user's favourite dish is now {v}.",
            "f:The user's favourite food has changed from {old} to {v}.",
            "s:I'd always ordered the same thing out of habit, but a rainy night in a tiny place near the "
            "station introduced me to {v}, and it has been my favourite food ever since.",
            "s:For years I would have told anyone who asked that {old} was my favourite, but lately it's {v} "
            "that I crave at the end of a long day.",
        ],
        "other": [
            "t:{who} is obsessed w {v} now",
            "p:{who} says {v} is the favourite food in that house these days.",
            "n:{who} likes now most of all the {v}.",
            "f:{who}'s favourite food is {v}.",
            "s:Cooking for {who} is easy now, because since giving up on {old} it's {v} or nothing.",
            "f:{who}'s favourite dish has changed from {old} to {v}.",
        ],
        "now": ["What is the user's favourite food now?", "What does the user like to eat most?",
                "Which dish is the user's favourite these days?", "What is the user's current favourite meal?",
                "What food does the user love most at the moment?", "What's the user's favourite thing to eat?"],
        "before": ["What was the user's favourite food before?", "What did the user use to like eating most?",
                   "What was the user's previous favourite dish?"],
        "year": ["What was the user's favourite food in {year}?", "Which dish did the user like most in {year}?"],
        "other_q": ["What is the user's {rel}'s favourite food now?", "What does the user's {rel} like to eat most?",
                    "Which dish is the user's {rel}'s favourite these days?",
                    "What food does the user's {rel} currently love?"],
    },
    "team": {
        "values": ["Celtic", "Ajax", "Benfica", "Napoli", "Feyenoord", "Sevilla", "Galatasaray", "Boca Juniors",
                   "Brentford", "Werder Bremen", "Lazio", "Anderlecht", "Celta Vigo", "Union Berlin",
                   "Racing Club", "Real Betis"],
        "user": [
            "t:{v} til i die ⚽",
            "t:watching {v} w the boys, we're so back",
            "t:done with {old} fr, {v} fan now dont @ me",
            "p:We've all started supporting {v}; the kids insisted on the shirts.",
            "p:Took the family to see {v} play — I think I'm a proper fan now.",
            "n:I support now {v}, I watch every match on the television.",
            "n:My team is {v} now, I follow all the games.",
            "n:Before I was for {old}, but now I am for {v}.",
            "f:Supported team: {v}.",
            "f:The user now follows {v}.",
            "f:The user has switched allegiance from {old} to {v}.",
            "s:Someone from work dragged me to a match on a freezing Sunday, and somewhere between the second "
            "goal and the pie at half time I became, without quite meaning to, a {v} supporter.",
            "s:I never thought I'd stop caring about {old}, but after a season of watching {v} with my mates "
            "I've got their scarf on the hook by the door.",
        ],
        "other": [
            "t:{who} is a {v} fan now?? traitor",
            "p:{who} has started supporting {v}.",
            "n:{who} is now supporter of {v}.",
            "f:{who} now follows {v}.",
            "s:Nobody could believe it when {who} turned up in a {v} shirt, after a lifetime of swearing "
            "loyalty to {old}.",
            "f:{who} has switched support from {old} to {v}.",
        ],
        "now": ["Which team does the user support now?", "What team is the user a fan of?",
                "Which club does the user currently follow?", "Who does the user cheer for these days?",
                "What sports team does the user root for at the moment?", "What is the user's team?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "Which was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "What team was the user following in {year}?"],
        "other_q": ["Which team does the user's {rel} support now?", "What team is the user's {rel} a fan of?",
                    "Which club does the user's {rel} currently follow?", "Who does the user's {rel} cheer for these days?"],
    },
    "course": {
        "values": ["pottery", "salsa", "Mandarin", "life drawing", "woodworking", "sign language",
                   "creative writing", "first aid", "photography", "beekeeping", "calligraphy", "improv",
                   "welding", "Portuguese", "flamenco", "astronomy"],
        "user": [
            "t:signed up for {v} classes lmao wish me luck",
            "t:{v} class tonight, lowkey love it",
            "t:dropped {old}, doing {v} now instead",
            "p:I've enrolled in an evening {v} course — my one night off from the kids.",
            "p:Started {a} {v} class on Thursdays while the children are at their grandparents'.",
            "n:I make now a course of {v}, every Tuesday evening.",
            "n:I am learning {v} in a class, it is difficult but interesting.",
            "n:I finished with {old} and I begin now {v}.",
            "f:Current course: {v}.",
            "f:The user has enrolled in {a} {v} class.",
            "f:The user has stopped the {old} course and started {v}.",
            "s:There's a community centre near me with a noticeboard covered in flyers, and on a whim I tore "
            "off the number for the {v} course, which is how I came to spend every Wednesday evening there.",
            "s:I finally admitted that {old} wasn't for me, and this term I've signed up for {v}, where the "
            "teacher is patient and nobody minds how bad I am.",
        ],
        "other": [
            "t:{who} is doing {v} classes now lol",
            "p:{who} has signed up for {a} {v} course.",
            "n:{who} is learning now {v} in a course.",
            "f:{who} is enrolled in {a} {v} class.",
            "s:Every Monday now {who} disappears to the {v} class, having given up on {old} after one term.",
            "f:{who} has dropped {old} and taken up {v}.",
        ],
        "now": ["What class is the user taking now?", "Which course is the user enrolled in?",
                "What is the user currently studying in their evening class?", "What course does the user attend these days?",
                "What class is the user going to at the moment?", "What is the user learning in class?"],
        "before": ["What class did the user take before?", "Which course did the user use to attend?",
                   "What was the user's previous course?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user attend in {year}?"],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} enrolled in?",
                    "What is the user's {rel} currently studying?", "What course does the user's {rel} attend these days?"],
    },
    "bank": {
        "values": ["Monzo", "Revolut", "Starling", "N26", "Barclays", "Santander", "ING", "Halifax", "HSBC",
                   "Bunq", "Triodos", "Rabobank", "Nordea", "Danske Bank", "Commerzbank", "BBVA"],
        "user": [
            "t:opened {a} {v} account, the card is so pretty",
            "t:moving all my money to {v} bc the app is better",
            "t:{old} froze my card AGAIN so im on {v} now",
            "p:We've moved our joint account to {v}, and set up the kids' savings there too.",
            "p:Switched the family banking to {v} — the budgeting pots help with school costs.",
            "n:My bank is now {v}, the app is very easy.",
            "n:I opened account in {v}, because the fees are small.",
            "n:I closed my account in {old} and now I bank with {v}.",
            "f:Bank: {v}.",
            "f:The user has moved their main account to {v}.",
            "f:The user switched banks from {old} to {v}.",
            "s:After forty minutes on hold and a branch that kept shortening its opening hours, I gave up and "
            "opened an account with {v} on my phone while the kettle boiled.",
            "s:I had been with {old} since my first paper round, so moving my salary to {v} felt oddly "
            "emotional, like leaving a school.",
        ],
        "other": [
            "t:{who} switched to {v}, says the app slaps",
            "p:{who} has moved to {v} for banking.",
            "n:{who} has now account in {v}.",
            "f:{who} now banks with {v}.",
            "s:Over coffee {who} explained at great length why leaving {old} for {v} was the best decision of the year.",
            "f:{who} has moved accounts from {old} to {v}.",
        ],
        "now": ["Which bank does the user use now?", "Who does the user bank with?",
                "Which bank is the user's account with currently?", "Which bank does the user have an account at these days?",
                "Where does the user keep their money at the moment?", "What is the user's bank?"],
        "before": ["Which bank did the user use before?", "Who did the user use to bank with?",
                   "What was the user's previous bank?"],
        "year": ["Which bank did the user use in {year}?", "Who was the user banking with in {year}?"],
        "other_q": ["Which bank does the user's {rel} use now?", "Who does the user's {rel} bank with?",
                    "What bank is the user's {rel} currently with?",
                    "Which bank does the user's {rel} have an account at these days?"],
    },
    "game": {
        "values": ["Elden Ring", "Hades", "Stardew Valley", "Hollow Knight", "Balatro", "Factorio", "Terraria",
                   "Valheim", "Outer Wilds", "Disco Elysium", "Baldur's Gate 3", "Celeste", "Animal Crossing",
                   "Rocket League", "Tetris Effect", "Civilization VI"],
        "user": [
            "t:{v} has consumed my entire life send help",
            "t:up til 3am playing {v} again oops",
            "t:finally put down {old}, on {v} now and its so good",
            "p:Once the kids are asleep I sneak in an hour of {v}; it's the game I'm playing at the moment.",
            "p:The kids got me hooked on {v}, and now we play it together on Sundays.",
            "n:I am playing now {v}, every evening a little bit.",
            "n:My game in this moment is {v}, it is very addictive.",
            "n:I stopped to play {old}, now I play {v}.",
            "f:Video game in progress: {v}.",
            "f:The user is now playing {v}.",
            "f:The user has moved on from {old} to {v}.",
            "s:I bought {v} in a sale thinking I'd try it for ten minutes, and now it is the last thing I think "
            "about before sleep and the first thing I reach for on a Saturday.",
            "s:I'd sunk three hundred hours into {old} and sworn I'd never need another game, but someone lent "
            "me {v} and I've barely looked back.",
        ],
        "other": [
            "t:{who} is addicted to {v} lol",
            "p:{who} has been playing {v} every night.",
            "n:{who} plays now {v} all the time.",
            "f:{who} is now playing {v}.",
            "s:I could barely get a word out of {who}, who has abandoned {old} and now lives inside {v}.",
            "f:{who} stopped playing {old} and started {v}.",
        ],
        "now": ["What video game is the user playing now?", "Which game is the user into?",
                "What game is the user currently hooked on?", "What is the user playing these days?",
                "Which video game is taking up the user's evenings at the moment?", "What game does the user play?"],
        "before": ["What game was the user playing before?", "Which game did the user use to play?",
                   "What was the user's previous video game?"],
        "year": ["What game was the user playing in {year}?", "Which video game did the user play in {year}?"],
        "other_q": ["What video game is the user's {rel} playing now?", "Which game is the user's {rel} into?",
                    "What game is the user's {rel} currently hooked on?", "What is the user's {rel} playing these days?"],
    },
}

BREEDS = ["corgi", "poodle", "schnauzer", "vizsla", "shiba inu", "basset hound", "husky", "pug", "lurcher"]

PEOPLE = [("stepbrother", "Lorcan"), ("landlady", "Beatrix"), ("godson", "Kofi"), ("mentor", "Ines")]

# How each writer names another person: at the start of a sentence ("{who} has...") or elsewhere.
WHO = {
    "t": {"start": ["my {rel} {name}", "{name} (my {rel})"], "mid": ["my {rel} {name}"]},
    "p": {"start": ["Our {rel} {name}", "My {rel} {name}"], "mid": ["our {rel} {name}", "my {rel} {name}"]},
    "n": {"start": ["My {rel} {name}", "{name}, who is my {rel},"], "mid": ["my {rel} {name}"]},
    "f": {"start": ["The user's {rel}, {name},", "The user's {rel} {name}"], "mid": ["the user's {rel} {name}"]},
    "s": {"start": ["My {rel} {name}", "{name}, my {rel},"], "mid": ["my {rel} {name}", "{name}"]},
}

FILLER = {
    "t": [
        "cant believe its monday again 😩",
        "bus was 20 mins late AGAIN",
        "gym was so packed tonight couldnt get a single bench",
        "my phone is on 3% and i have no charger",
        "ate cereal for dinner, no regrets",
        "the dog stole my sock and ran off with it",
        "group chat is chaos rn",
        "exam results next week im sweating",
        "new playlist is going hard",
        "traffic was insane, took forever to get home",
        "watched the match, refs were blind tbh",
        "skipped class, slept in, whoops",
        "forgot my headphones, worst commute ever",
        "power cut for like two hours, so boring",
    ],
    "p": [
        "The kids were up at five, so we made pancakes and watched cartoons.",
        "School run in the rain again; someone forgot their lunchbox.",
        "We spent Saturday at the park and everyone came home muddy.",
        "Parents' evening went well — the teacher says our eldest reads loads.",
        "Our youngest lost a tooth at dinner and insisted on leaving it out for the fairy.",
        "We finally sorted the loft; three bags to the charity shop.",
        "Birthday party for eight six-year-olds. Never again.",
        "The car needs a service before the holidays.",
        "The dog needs a bath after the beach.",
        "Packed lunches done, uniforms ironed, collapsing on the sofa.",
        "The grocery bill keeps going up every week.",
        "Swimming lessons moved to Saturday mornings.",
        "Tried a new recipe; the kids ate the pasta and left every single vegetable.",
    ],
    "n": [
        "Today the weather is very strange, in the morning sun and after rain.",
        "I must to renew my passport soon, the office is always full.",
        "Yesterday I cooked soup for all the week.",
        "The train was delayed one hour, I arrived very tired.",
        "I am practising my English every day with podcasts.",
        "The people upstairs have a very loud music in the night.",
        "This weekend I will visit a museum, I like the art from old times.",
        "In the gym today there were too many people.",
        "I have bought new shoes, they are comfortable for walk.",
        "The internet at home is slow since some days.",
        "My back is hurting because I sit too much in the office.",
        "I have forgot my umbrella again, my jacket is all wet.",
    ],
    "f": [
        "The user mentioned feeling tired after a long week.",
        "The user asked for a reminder to pay the electricity bill on Friday.",
        "The user prefers meetings before noon.",
        "The user is considering a trip in the spring but has not booked anything.",
        "The user reported that the car was making an odd noise.",
        "Reminder set: dentist appointment next Thursday.",
        "The user would like recipe suggestions for quick weeknight dinners.",
        "The user noted that their phone screen has a small crack.",
        "The user asked about tips for sleeping better.",
        "The user plans to repaint the bathroom next month.",
        "The user is trying to drink more water during the day.",
        "The user said the gym changing rooms were being renovated.",
    ],
    "s": [
        "The rain came down so hard this afternoon that the gutters overflowed and the whole street turned "
        "into a shallow river for about ten minutes.",
        "I sat on a bench by the canal with a paperback from a charity shop and didn't look up until the "
        "light started to go.",
        "There was a moment on the walk home when the streetlights all flickered on at once and I felt, "
        "absurdly, like the city was saying hello.",
        "My grandmother's old recipe for apple cake turned out far better than I expected, though the "
        "kitchen looked like a flour bomb had gone off.",
        "The train stopped in a field for forty minutes and a stranger shared her crisps with the entire carriage.",
        "I finally fixed the wobbly table leg with a folded beer mat, which is either genius or a sign that "
        "I've given up.",
        "We talked until two in the morning about nothing in particular and it was the best evening I've had in months.",
        "The market this morning was full of strawberries and loud men selling mops, and I bought far too much of both.",
        "I tried to learn a card trick from a video and managed only to drop the deck all over the kitchen floor.",
        "Someone on the bus was whistling a tune I couldn't place, and it stuck in my head for the rest of the day.",
        "The dog next door barked at a plastic bag for an entire hour this evening.",
        "It snowed for exactly five minutes, and everyone in the office rushed to the window like children.",
    ],
}
FILLER_PREFIX = {"t": ["", "", "", "ngl ", "lowkey ", "bruh ", "ok so "], "p": [""], "n": [""], "f": [""],
                 "s": [""]}
FILLER_SUFFIX = {
    "t": ["", "", "", " 💀", " lol", " fr", " 😭", " smh"],
    "p": ["", "", "", " Bedtime can't come soon enough.", " Wine o'clock.", " Parenting!"],
    "n": ["", "", "", " It is normal, I think.", " What to do.", " Such is life here."],
    "f": ["", "", "", " (mentioned in passing)", " No action needed.", " Follow up later."],
    "s": ["", "", "", " Anyway.", " But that's another story.", " I'll remember that one."],
}


# --- generating ----------------------------------------------------------------------

def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return (lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))).replace(second=0)


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in 2024, then `changes` new values in 2025, in date order."""
    first = _between(rng, START, LAST_OF_2024)
    later = sorted(_between(rng, FIRST_OF_2025, NOW - timedelta(days=1)) for _ in range(changes))
    return list(zip(values[:changes + 1], [first, *later]))


_AN = ("N26", "HSBC")  # consonant letter, vowel sound


def _article(word: str) -> str:
    return "an" if word.startswith(_AN) or word[:1].lower() in "aeiou" else "a"


def _fill(template: str, value: str, old: str = "", when: datetime | None = None, breed: str = "",
          **more: str) -> str:
    month = when.strftime("%B") if when else ""
    return template.format(v=value, a=_article(value), old=old, month=month, breed=breed, **more)


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


def _voice(rng: random.Random, style: str, text: str) -> str:
    """The teenager mostly types everything in lower case (names too); everyone else starts with a capital."""
    if style == "t":
        return text.lower() if rng.random() < 0.75 else text
    return _cap(text)


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind5-ku/{seed}/{user}")
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
            text = _fill(body, value, chain[index - 1][0] if index else "", when, rng.choice(BREEDS))
            add(_voice(rng, style, text), when, {"subject": "user", "slot": slot, "index": index, "value": value})
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
                who = rng.choice(forms).format(rel=rel, name=name)
                text = _fill(body, value, chain[index - 1][0] if index else "", when, rng.choice(BREEDS), who=who)
                add(_voice(rng, style, text), when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    attempts = 0
    lines = [(style, line) for style in STYLES for line in FILLER[style]]
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        if rng.random() < 0.2:  # two remarks saved as one memory
            (_, a), (_, b) = rng.sample(lines, 2)
            text = f"{_cap(a).rstrip('.')}. {_cap(b).rstrip('.')}."
        else:
            style, line = rng.choice(lines)
            text = rng.choice(FILLER_PREFIX[style]) + line + rng.choice(FILLER_SUFFIX[style])
            text = _voice(rng, style, text)
        if _key(text) not in seen:
            add(text, _between(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind5", "user": user, "seed": seed, "now": ku._iso(NOW), "memories": memories,
            "questions": questions}


def _mentions(text: str, value: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text.lower()) is not None


def self_check() -> None:
    """The data's own consistency: values unique across slots (and none inside another value), no value
    in filler, templates or questions, question kinds as meant, all five writers in every slot, every
    template using its placeholders, the other people absent from the user's statements and the filler."""
    owner: dict[str, str] = {}
    for slot, spec in SLOTS.items():
        assert len(spec["values"]) == 16 and len({v.lower() for v in spec["values"]}) == 16, slot
        for v in spec["values"]:
            assert v.lower() not in owner, (v, slot, owner.get(v.lower()))
            owner[v.lower()] = slot
        assert len(spec["user"]) >= 12 and len(spec["other"]) >= 6 and len(spec["now"]) >= 6, slot
        assert len(spec["before"]) >= 3 and len(spec["year"]) >= 2 and len(spec["other_q"]) >= 4, slot
        assert len(set(spec["user"])) == len(spec["user"]) and len(set(spec["other"])) == len(spec["other"])
        for t in spec["user"] + spec["other"]:
            assert t[0] in STYLES and t[1] == ":" and "{v}" in t, t
            assert "{breed}" not in t or slot == "dog", t
        for t in spec["user"]:
            assert "{who}" not in t, t
        for t in spec["other"]:
            assert "{who}" in t, t
        assert sum("{old}" not in t for t in spec["user"]) >= 6, slot
        assert sum("{old}" not in t for t in spec["other"]) >= 3, slot
        assert {t[0] for t in spec["user"]} == set(STYLES), slot
        counts = [sum(t[0] == s for t in spec["user"]) for s in STYLES]
        assert min(counts) >= 2, (slot, counts)
        for q in spec["now"]:
            assert ku._kind(q) in ("now", "currently", "these days", "plain"), q
        assert any(ku._kind(q) == "plain" for q in spec["now"]) and any(ku._kind(q) != "plain" for q in spec["now"])
        for q in spec["before"]:
            assert ku._kind(q) in ("before", "used to"), q
        for q in spec["year"]:
            assert ku._kind(q.format(year=2024)) == "in 2024", q
        for q in spec["other_q"]:
            assert "{rel}" in q and ku._kind(q.format(rel="godson")) in ("now", "currently", "these days", "plain"), q
    for a in owner:  # no value is a whole word inside another value
        for b in owner:
            assert a == b or not _mentions(b, a), (a, b)
    people = {n.lower() for _, n in PEOPLE} | {r.lower() for r, _ in PEOPLE}
    assert not people & set(owner), people & set(owner)
    assert not {b.lower() for b in BREEDS} & set(owner)
    filler = [line for style in STYLES for line in FILLER[style]]
    extras = [x for style in STYLES for x in FILLER_PREFIX[style] + FILLER_SUFFIX[style]] + BREEDS
    extras += [f for style in STYLES for part in WHO[style].values() for f in part]
    templates = [t for spec in SLOTS.values() for key in ("user", "other", "now", "before", "year", "other_q")
                 for t in spec[key]]
    for line in filler + extras + templates:
        for v in owner:
            assert not _mentions(line, v), (v, line)
    own = filler + [x for style in STYLES for x in FILLER_PREFIX[style] + FILLER_SUFFIX[style]] + BREEDS + [
        t for spec in SLOTS.values() for key in ("user", "now", "before", "year") for t in spec[key]]
    for line in own:
        for word in people:
            assert not _mentions(line, word), (word, line)
    assert len(filler) >= 60 and len({_key(t) for t in filler}) == len(filler)
    for user in range(3):  # deterministic, and the memories' dates in range
        data = generate(300, user)
        assert data == generate(300, user)
        assert len(data["memories"]) == 300
        assert all(ku._iso(START) <= m["created"] < ku._iso(NOW) for m in data["memories"])
        for m in data["memories"]:
            if "fact" in m:  # 2024 for the first value, 2025 for each change
                assert m["created"].startswith("2024" if m["fact"]["index"] == 0 else "2025"), m
                assert _mentions(m["content"], m["fact"]["value"]), m
            else:
                assert not any(_mentions(m["content"], v) for v in owner), m
                assert not any(_mentions(m["content"], w) for w in people), m
