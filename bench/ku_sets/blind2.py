"""Knowledge-update set blind2: a second blind knowledge-update test set for hippocampus recall.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Looked at: measured once before (current@1 0.427 at 1,000), then its failures were read for classes.

    python3 bench/knowledge_updates.py --split blind2 --mode library
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

import knowledge_updates as ku


START, NOW = ku.START, ku.NOW
FIRST_YEAR_END = datetime(2024, 12, 31, 23, 0, tzinfo=timezone.utc)
SECOND_YEAR = datetime(2025, 1, 1, tzinfo=timezone.utc)

# --- the data ------------------------------------------------------------------
# Each slot: values; user statements ({v} value, {n} value without "the", {a} a/an
# before it, {old} the previous value: only used for a change, never the first
# statement); other-people statements ({who}); now / before / year ({year})
# questions; other-person questions ({rel}).

SLOTS: dict[str, dict] = {
    "city": {
        "values": ["Porto", "Valencia", "Utrecht", "Gothenburg", "Kraków", "Montreal", "Lyon", "Edinburgh",
                   "Vienna", "Austin", "Melbourne", "Seville", "Leipzig", "Ljubljana", "Copenhagen", "Denver"],
        "user": [
            "finally got the keys to our place in {v}!!",
            "User moved to {v}.",
            "The user lives in {v} now.",
            "Packing was a nightmare and the movers were three hours late, but we're officially living in {v}.",
            "new flat in {v} has the tiniest kitchen lol",
            "User relocated to {v} for a fresh start.",
            "first week in {v} and I already love the bakery downstairs",
            "User mentioned they have settled into an apartment in {v}.",
            "The landlord took forever with the paperwork, so we only signed the lease in {v} yesterday.",
            "home is {v} now, still getting used to the trams",
            "Moved from {old} to {v} last weekend, still living out of boxes.",
            "User left {old} and now lives in {v}.",
        ],
        "other": [
            "{who} moved to {v}.",
            "{who} just signed a lease in {v}",
            "Heard from {who}, who has relocated to {v} for work.",
            "{who} is living in {v} these days",
            "{who} packed up and moved to {v}.",
        ],
        "now": ["Where does the user live?", "Where does the user live now?",
                "Which city is the user based in currently?", "What city is home for the user these days?",
                "Where is the user living at the moment?", "What's the user's current city?",
                "Where's home for the user?"],
        "before": ["Where did the user live before?", "Which city did the user use to live in?",
                   "What was the user's previous city?"],
        "year": ["Where did the user live in {year}?", "Which city was the user based in during {year}?",
                 "In {year}, what city was home for the user?"],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} in these days?",
                    "Where is the user's {rel} based?"],
    },
    "employer": {
        "values": ["Klarna", "Spotify", "Shopify", "Ikea", "Siemens", "Deloitte", "Canva", "Zalando",
                   "Atlassian", "Philips", "Booking.com", "Unilever", "Stripe", "Airbus", "Nestlé", "Maersk"],
        "user": [
            "new job at {v} starts Monday",
            "User now works at {v}.",
            "The user accepted an offer from {v}.",
            "Onboarding was three days of slide decks and badge photos, but I'm officially with {v}.",
            "signed the contract with {v}!! so relieved",
            "User's employer is {v}.",
            "first day at {v} went ok, everyone is super nice",
            "The interview process dragged on for six weeks, and in the end I took the role at {v}.",
            "User started a new position at {v} as a product designer.",
            "got my {v} laptop today, feels real now",
            "handed in my notice at {old}, joining {v} next month",
            "User left {old} and joined {v}.",
        ],
        "other": [
            "{who} got a job at {v}.",
            "{who} started working at {v}",
            "Caught up with {who}, who just joined {v}.",
            "{who} works at {v} now",
            "{who} accepted an offer from {v}.",
        ],
        "now": ["Where does the user work?", "Who is the user's employer now?",
                "Which company does the user work for currently?", "Where is the user working these days?",
                "What company is the user at?", "Who does the user work for at the moment?",
                "Where's the user's job?"],
        "before": ["Where did the user work before?", "Which company did the user use to work for?",
                   "Who was the user's previous employer?"],
        "year": ["Where did the user work in {year}?", "Who employed the user in {year}?",
                 "Which company was the user at in {year}?"],
        "other_q": ["Where does the user's {rel} work now?", "Who is the user's {rel} working for these days?",
                    "Which company employs the user's {rel}?"],
    },
    "phone": {
        "values": ["iPhone 15", "Pixel 8", "Galaxy S24", "OnePlus 12", "Nothing Phone 2", "Xperia 5",
                   "Moto G84", "Fairphone 5", "Pixel 7a", "iPhone 13 mini", "Galaxy A54", "Xiaomi 14",
                   "Honor Magic 6", "Oppo Find X7", "Galaxy Z Flip 5", "iPhone SE"],
        "user": [
            "caved and bought {a} {v}",
            "User got a new phone: {a} {v}.",
            "The user's phone is {a} {v}.",
            "My old phone finally died on the train, so I picked up {a} {v} on the way home.",
            "setting up the {v} took forever, so many updates",
            "User now uses {a} {v}.",
            "the {v} camera is unreal, look at this sunset",
            "After comparing specs for a week, the user went with {a} {v}.",
            "upgraded to the {v}, battery lasts two days",
            "User's current phone is {a} {v}.",
            "sold my {old} and switched to {a} {v}",
            "User replaced their {old} with {a} {v}.",
        ],
        "other": [
            "{who} got {a} {v}.",
            "{who} just upgraded to {a} {v}",
            "{who} is using {a} {v} now.",
            "Helped {who} set up a new {v} over the weekend.",
        ],
        "now": ["What phone does the user have?", "What phone is the user using now?",
                "Which smartphone does the user currently own?", "What's the user's phone these days?",
                "What model is the user's phone?", "Which phone does the user carry at the moment?",
                "What kind of phone does the user use?"],
        "before": ["What phone did the user have before?", "Which phone did the user use to have?",
                   "What was the user's previous phone?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?",
                 "In {year}, what phone did the user own?"],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone is the user's {rel} using these days?",
                    "What phone is the user's {rel} on at the moment?"],
    },
    "dog": {
        "values": ["Biscuit", "Pepper", "Juno", "Miso", "Waffles", "Luna", "Otis", "Mochi", "Ziggy", "Pickle",
                   "Bruno", "Toffee", "Nacho", "Clementine", "Rocket", "Noodle"],
        "user": [
            "we named the pup {v}",
            "The user's new dog is called {v}.",
            "User adopted a rescue dog named {v}.",
            "The shelter said she was shy with strangers, but {v} slept on my feet the whole first night.",
            "{v} learned sit in one afternoon, such a smart pup",
            "User's dog is named {v}.",
            "meet {v}!! our new furry roommate",
            "We spent ages arguing over names, and in the end the puppy became {v}.",
            "User got a puppy and called it {v}.",
            "took {v} to the vet for the first round of shots",
            "The user has a dog called {v}.",
            "After {old} went to live with my parents on the farm, we adopted {v}.",
        ],
        "other": [
            "{who} got a puppy named {v}.",
            "{who} adopted a dog called {v}",
            "Dog-sat for {who} this weekend, the dog is called {v}.",
            "{who} has a new rescue dog named {v}",
        ],
        "now": ["What's the user's dog called?", "What is the name of the user's dog?",
                "What's the user's dog's name now?", "What is the user's current dog called?",
                "Which dog does the user have these days?", "What's the name of the dog the user has at the moment?"],
        "before": ["What was the user's previous dog called?", "What dog did the user have before?",
                   "What was the name of the dog the user used to have?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?",
                 "In {year}, what was the name of the user's dog?"],
        "other_q": ["What's the name of the user's {rel}'s dog?", "What is the user's {rel}'s dog called now?",
                    "What dog does the user's {rel} have these days?"],
    },
    "gym": {
        "values": ["PureGym", "Anytime Fitness", "the YMCA", "Planet Fitness", "Basecamp Climbing", "F45",
                   "Barry's", "CrossFit Harbour", "Gold's Gym", "Equinox", "Third Space", "Iron Temple",
                   "Urban Yoga Loft", "Boulder Barn", "Kinetic Studio", "the Lido Club"],
        "user": [
            "signed up at {v}, first class tomorrow",
            "User joined {v}.",
            "The user's gym is {v}.",
            "The membership fee is steep and the parking is a joke, but I've started going to {v}.",
            "{v} has a sauna, i'm never leaving",
            "User trains at {v} now.",
            "got my {n} membership card today",
            "After trying three trial weeks around town, the user settled on {v}.",
            "User works out at {v}.",
            "leg day at {v} destroyed me",
            "cancelled my {old} membership and joined {v}",
            "User switched gyms from {old} to {v}.",
        ],
        "other": [
            "{who} joined {v}.",
            "{who} has started going to {v}",
            "{who} trains at {v} now.",
            "{who} got a membership at {v}.",
        ],
        "now": ["Which gym does the user go to?", "What gym is the user a member of now?",
                "Where does the user work out these days?", "Which gym does the user currently use?",
                "Where does the user train?", "What's the user's gym at the moment?"],
        "before": ["Which gym did the user go to before?", "Where did the user use to work out?",
                   "What was the user's previous gym?"],
        "year": ["Which gym did the user go to in {year}?", "Where did the user work out in {year}?",
                 "What gym was the user a member of in {year}?"],
        "other_q": ["Which gym does the user's {rel} go to now?", "Where does the user's {rel} work out these days?",
                    "What gym is the user's {rel} a member of?"],
    },
    "car": {
        "values": ["Honda Civic", "Toyota Corolla", "Tesla Model 3", "VW Golf", "Mazda 3", "Kia Niro",
                   "Skoda Octavia", "Ford Focus", "Renault Clio", "Volvo XC40", "Subaru Outback",
                   "Hyundai Ioniq 5", "Fiat 500", "Peugeot 208", "BMW i3", "Nissan Leaf"],
        "user": [
            "picked up the {v} today, it still smells new",
            "User bought {a} {v}.",
            "The user drives {a} {v}.",
            "The dealer tried to upsell us on everything, but we drove home in {a} {v}.",
            "road trip in the {v} this weekend!",
            "User's car is {a} {v}.",
            "finally sold the old car, we're {v} people now",
            "Insurance quotes were brutal this year, and the user ended up buying a used {v}.",
            "User now drives {a} {v}.",
            "the {v} handles winter roads way better than i expected",
            "traded in the {old} for {a} {v}",
            "User sold the {old} and bought {a} {v}.",
        ],
        "other": [
            "{who} bought {a} {v}.",
            "{who} is driving {a} {v} now",
            "{who} picked up a used {v}.",
            "{who} traded up to {a} {v}",
        ],
        "now": ["What car does the user drive?", "What does the user drive now?",
                "Which car does the user currently own?", "What's the user's car these days?",
                "What kind of car does the user have?", "What vehicle is the user driving at the moment?"],
        "before": ["What car did the user drive before?", "Which car did the user use to have?",
                   "What was the user's previous car?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?",
                 "In {year}, what was the user driving?"],
        "other_q": ["What car does the user's {rel} drive now?", "What is the user's {rel} driving these days?",
                    "Which car does the user's {rel} have?"],
    },
    "partner": {
        "values": ["Jonas", "Mei", "Rafael", "Sofia", "Aleks", "Chloe", "Mateo", "Ingrid", "Kwame", "Lucia",
                   "Ezra", "Hana", "Olivier", "Zara", "Tobias", "Amira"],
        "user": [
            "{v} and I are official now :)",
            "User is dating {v}.",
            "The user's partner is {v}.",
            "We met at a friend's birthday and talked until the bar closed, and now {v} and I are together.",
            "third date with {v} tonight, nervous lol",
            "User's partner is called {v}.",
            "moving in with {v} next month!!",
            "It took me a while to say it out loud, but {v} is my partner now.",
            "User is in a relationship with {v}.",
            "anniversary dinner with {v} tomorrow",
            "broke up with {old} a while ago, and I'm seeing {v} now",
            "User split up with {old}; their new partner is {v}.",
        ],
        "other": [
            "{who} is dating {v}.",
            "{who} got engaged to {v}",
            "{who} has a new partner, {v}.",
            "{who} moved in with {v}.",
        ],
        "now": ["Who is the user's partner?", "Who is the user dating now?",
                "Who is the user currently in a relationship with?", "What's the name of the user's partner these days?",
                "Who is the user seeing at the moment?", "Who's the user's significant other?"],
        "before": ["Who was the user's previous partner?", "Who did the user date before?",
                   "Who did the user use to be with?"],
        "year": ["Who was the user dating in {year}?", "Who was the user's partner in {year}?",
                 "In {year}, who was the user with?"],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s partner these days?",
                    "Who is the user's {rel} seeing?"],
    },
    "food": {
        "values": ["ramen", "tacos al pastor", "pho", "shakshuka", "paella", "sushi", "butter chicken", "pierogi",
                   "bibimbap", "falafel", "lasagne", "khachapuri", "dumplings", "pad thai", "ceviche", "moussaka"],
        "user": [
            "ok {v} is my favourite food, i could eat it every day",
            "User's favourite food is {v}.",
            "The user loves {v} more than any other food.",
            "I always thought I was a pizza person, but honestly {v} is my favourite now.",
            "craving {v} AGAIN",
            "User says their favourite dish is {v}.",
            "nothing beats {v} after a long week",
            "We tried a new place near the station, and the user declared {v} their new favourite food.",
            "The user's go-to comfort food is {v}.",
            "made {v} from scratch, new all-time favourite",
            "User has gone off {old}; their new favourite is {v}.",
            "over {old} now, {v} is the one",
        ],
        "other": [
            "{who} is obsessed with {v} lately.",
            "{who} says {v} is the best food ever",
            "{who} has a new favourite food: {v}.",
            "According to {who}, nothing beats {v}.",
        ],
        "now": ["What is the user's favourite food?", "What's the user's favourite food now?",
                "What food does the user love most these days?", "What is the user's current favourite dish?",
                "What does the user like to eat most?", "Which dish does the user crave the most at the moment?"],
        "before": ["What was the user's favourite food before?", "What food did the user use to love most?",
                   "What was the user's previous favourite dish?"],
        "year": ["What was the user's favourite food in {year}?", "What dish did the user love most in {year}?",
                 "In {year}, what was the user's favourite food?"],
        "other_q": ["What is the user's {rel}'s favourite food now?", "What food does the user's {rel} love these days?",
                    "What's the favourite dish of the user's {rel}?"],
    },
    "team": {
        "values": ["Arsenal", "Liverpool", "Tottenham", "Celtic", "Benfica", "Sporting", "Ajax", "Feyenoord",
                   "Bayern", "Dortmund", "Napoli", "Juventus", "Boca Juniors", "River Plate", "Galatasaray", "Everton"],
        "user": [
            "{v} till i die",
            "User supports {v}.",
            "The user is {a} {v} fan.",
            "My dad raised me on a different club, but these days I'm all in on {v}.",
            "bought {a} {n} scarf, it's happening",
            "User's team is {v}.",
            "watching {v} tonight with the neighbours, come on!!",
            "After the transfer window drama, the user switched allegiance to {v}.",
            "User follows {v} now.",
            "got season tickets for {v}",
            "done with {old}, I support {v} now",
            "User stopped following {old} and now cheers for {v}.",
        ],
        "other": [
            "{who} supports {v} now.",
            "{who} has become {a} {v} fan",
            "{who} got season tickets for {v}.",
            "{who} is cheering for {v} these days",
        ],
        "now": ["Which team does the user support?", "Which team does the user support these days?",
                "What team is the user a fan of now?", "Who does the user cheer for currently?",
                "What's the user's football team?", "Which club does the user follow at the moment?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "What was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "What club did the user follow in {year}?",
                 "In {year}, who did the user cheer for?"],
        "other_q": ["Which team does the user's {rel} support now?", "What team is the user's {rel} a fan of these days?",
                    "Who does the user's {rel} cheer for?"],
    },
    "course": {
        "values": ["pottery", "salsa dancing", "life drawing", "Python programming", "woodworking", "photography",
                   "improv comedy", "creative writing", "bread baking", "first aid", "UX design", "astronomy",
                   "bookkeeping", "calligraphy", "beekeeping", "screen printing"],
        "user": [
            "signed up for {a} {v} class on thursdays",
            "User is taking {a} {v} course.",
            "The user enrolled in {a} {v} class.",
            "My therapist suggested I find a hobby away from screens, so I started {a} {v} course.",
            "{v} class tonight, so tired but excited",
            "User's current course is {v}.",
            "homework for my {v} course is no joke",
            "The community centre had a few openings left, and the user grabbed a spot in the {v} class.",
            "User attends a weekly {v} class.",
            "first {v} lesson went better than expected",
            "finished the {old} course, starting {v} next week",
            "User completed their {old} class and moved on to {v}.",
        ],
        "other": [
            "{who} signed up for {a} {v} class.",
            "{who} is taking {a} {v} course",
            "{who} started {a} {v} class.",
            "{who} enrolled in {v} at the community college",
        ],
        "now": ["What class is the user taking?", "Which course is the user taking now?",
                "What is the user currently studying in class?", "What course is the user doing these days?",
                "What class does the user attend?", "Which class is the user enrolled in at the moment?"],
        "before": ["What class did the user take before?", "Which course did the user use to attend?",
                   "What was the user's previous class?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user do in {year}?",
                 "In {year}, what course was the user enrolled in?"],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} doing these days?",
                    "What is the user's {rel} studying in class?"],
    },
    "bank": {
        "values": ["Revolut", "Monzo", "N26", "Chase", "Barclays", "HSBC", "ING", "Santander", "Wells Fargo",
                   "Deutsche Bank", "BNP Paribas", "Nationwide", "Starling", "Wise", "Citibank", "Lloyds"],
        "user": [
            "opened an account with {v}, the app is so much better",
            "User banks with {v}.",
            "The user's bank is {v}.",
            "The old bank kept charging me random fees, so I moved everything over to {v}.",
            "my {v} card arrived today",
            "User now has their main account at {v}.",
            "switched my salary to {v}",
            "After a long call about overdraft charges, the user opened a new current account at {v}.",
            "User uses {v} for banking.",
            "{v} froze my card again for no reason",
            "closed my {old} account, everything's with {v} now",
            "User moved their money from {old} to {v}.",
        ],
        "other": [
            "{who} switched banks to {v}.",
            "{who} opened an account with {v}",
            "{who} banks with {v} now.",
            "{who} moved their savings to {v}.",
        ],
        "now": ["Which bank does the user use?", "What bank is the user with now?",
                "Where does the user bank these days?", "Which bank does the user currently have an account with?",
                "What's the user's bank?", "Who does the user bank with at the moment?"],
        "before": ["Which bank did the user use before?", "What bank did the user use to have?",
                   "What was the user's previous bank?"],
        "year": ["Which bank was the user with in {year}?", "Where did the user bank in {year}?",
                 "In {year}, what bank did the user use?"],
        "other_q": ["Which bank does the user's {rel} use now?", "Where does the user's {rel} bank these days?",
                    "What bank is the user's {rel} with?"],
    },
    "instrument": {
        "values": ["guitar", "piano", "cello", "violin", "ukulele", "drums", "saxophone", "flute", "trumpet",
                   "banjo", "harp", "clarinet", "double bass", "mandolin", "accordion", "harmonica"],
        "user": [
            "picked up the {v} again after years",
            "User is learning the {v}.",
            "The user plays the {v}.",
            "Lockdown habits die hard, and my new one is practising the {v} every night.",
            "my {v} teacher says I'm improving!!",
            "User's instrument is the {v}.",
            "rented {a} {v} for three months to see if I stick with it",
            "The neighbours have been surprisingly patient since the user started practising the {v}.",
            "User has taken up the {v}.",
            "first {v} lesson today, my fingers hurt",
            "gave up on the {old}, learning the {v} instead",
            "User switched from the {old} to the {v}.",
        ],
        "other": [
            "{who} is learning the {v}.",
            "{who} took up the {v}",
            "{who} bought {a} {v} and is taking lessons.",
            "{who} plays the {v} in a band now.",
        ],
        "now": ["What instrument does the user play?", "Which instrument is the user learning now?",
                "What instrument is the user currently practising?", "What does the user play these days?",
                "Which instrument has the user taken up?", "What instrument is the user into at the moment?"],
        "before": ["What instrument did the user play before?", "Which instrument did the user use to play?",
                   "What was the user's previous instrument?"],
        "year": ["What instrument did the user play in {year}?", "Which instrument was the user learning in {year}?",
                 "In {year}, what instrument did the user practise?"],
        "other_q": ["What instrument is the user's {rel} learning now?",
                    "Which instrument does the user's {rel} play these days?", "What does the user's {rel} play?"],
    },
}

PEOPLE = [("cousin", "Nadia"), ("neighbour", "Yusuf"), ("flatmate", "Greta"), ("uncle", "Kenji")]
WHO_START = ["my {rel} {name}", "{name}, my {rel},", "the user's {rel} {name}", "{name} (the user's {rel})",
             "my {rel}", "the user's {rel}", "User's {rel} {name}"]
WHO_MID = ["my {rel} {name}", "the user's {rel} {name}", "my {rel}"]

FILLER_USER = [
    "the gym was packed tonight, couldn't get a single bench",
    "walked the dog in the rain, both of us soaked",
    "my phone battery is dying by lunchtime",
    "traffic on the way home was brutal",
    "so much email today",
    "need to call the bank about a weird charge",
    "practised scales for twenty minutes before bed",
    "class got cancelled, teacher is sick",
    "date night tomorrow, no idea where to go",
    "the car needs new tyres before winter",
    "what should I cook tonight",
    "the match last night was painful to watch",
    "our street is so loud on weekends",
    "boss moved the deadline again",
    "can't find my headphones anywhere",
    "dentist appointment at 3",
    "booked flights for the summer",
    "the plants on the balcony are finally flowering",
    "watched a documentary about octopuses",
    "slept terribly",
    "the coffee machine at work broke",
    "remind me to buy a birthday present for mum",
    "laundry day",
    "finished the book club book",
    "it's been raining for a week straight",
    "found a great bakery on the corner",
    "my knee hurts after the run",
    "ordered takeaway again, no regrets",
    "the dog stole a sock and ran off with it",
    "gotta renew my passport",
    "new episode of that show dropped",
    "cleaning out the fridge, yikes",
    "forgot my umbrella at the office",
]
FILLER_ASSISTANT = [
    "User mentioned feeling tired after a long week.",
    "User asked for help planning a weekend hike.",
    "The user is trying to drink more water.",
    "User prefers short answers in the morning.",
    "User said their internet was down for most of the day.",
    "The user wants reminders for bill payments.",
    "User is planning a birthday dinner for a friend.",
    "The user dislikes overly formal emails.",
    "User asked for a recipe that uses leftover rice.",
    "User is thinking about repainting the living room.",
    "The user has been sleeping badly lately.",
    "User mentioned the neighbours are renovating.",
    "User was frustrated with a delayed train.",
    "The user enjoys long walks on Sunday mornings.",
    "User asked about budgeting apps.",
    "User wants to read more fiction this year.",
    "The user is saving up for a holiday.",
    "User's commute was longer than usual today.",
    "User mentioned their phone screen cracked slightly.",
    "The user asked how to get a dog to stop barking at the door.",
    "User is considering a different gym but hasn't decided.",
    "User asked for tips on negotiating a salary.",
    "The user mentioned a team dinner at work.",
    "User said the car made a strange noise on the highway.",
    "The weather was grim all morning, but the afternoon cleared up nicely.",
    "I meant to go for a run, but the sofa won.",
    "Work was slow today, so I reorganised the spice rack.",
    "The delivery came two days late, and the box was crushed.",
]
USER_PREFIX = ["", "", "", "ugh, ", "okay so ", "note to self: ", "today: ", "hmm, "]
USER_SUFFIX = ["", "", ".", "!", " lol", " haha", "...", " honestly", " :/"]
ASSISTANT_SUFFIX = ["", "", " (mentioned in passing)", " No action needed.", " They seemed in good spirits.",
                    " Follow up later if relevant."]


# --- generating ------------------------------------------------------------------

def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in 2024, then `changes` new values in 2025, in date order."""
    first = _between(rng, START, FIRST_YEAR_END)
    later = sorted(_between(rng, SECOND_YEAR, NOW - timedelta(days=1)) for _ in range(changes))
    return list(zip(values[:changes + 1], [first, *later]))


_A_BEFORE = ("OnePlus", "UX", "ukulele")  # vowel letters, consonant sounds
_AN_BEFORE = ("Honor", "Xperia")          # consonant letters, vowel sounds


def _article(word: str) -> str:
    if word.startswith(_A_BEFORE):
        return "a"
    if word.startswith(_AN_BEFORE) or word[:1].lower() in "aeiou":
        return "an"
    return "a"


def _fill(template: str, value: str, old: str = "", **more: str) -> str:
    bare = value.removeprefix("the ")
    return template.format(v=value, n=bare, a=_article(bare), old=old.removeprefix("the ") if
                           "the {old}" in template or "my {old}" in template else old, **more)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _templates(rng: random.Random, pool: list[str], count: int) -> list[str]:
    """`count` distinct templates; the first (the 2024 statement) never names an old value."""
    first = rng.choice([t for t in pool if "{old}" not in t])
    rest = rng.sample([t for t in pool if t != first], count - 1)
    return [first, *rest]


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind2-ku/{seed}/{user}")
    memories: list[dict] = []
    seen: set[str] = set()  # normalized: the import merges texts differing only in case or punctuation
    key = lambda text: re.sub(r"\W+", " ", text.lower()).strip()  # noqa: E731

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        if key(content) in seen:
            raise ValueError(f"duplicate memory {content!r}")
        seen.add(key(content))
        memories.append({"content": content, "created": ku._iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    for slot, spec in SLOTS.items():
        values = rng.sample(spec["values"], 4)
        chain = _chain(rng, values, rng.choice((2, 3)))
        templates = _templates(rng, spec["user"], len(chain))
        for index, ((value, when), template) in enumerate(zip(chain, templates)):
            old = chain[index - 1][0] if index else ""
            text = _fill(template, value, old)
            if rng.random() < 0.5:  # the user's own words are often left lowercase
                text = _cap(text)
            add(text, when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(spec["now"], 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(spec["year"]).format(year=2024), "subject": "user",
                          "slot": slot, "tense": "before", "gold": 0, "values": chain_values})
    for rel, name in PEOPLE:
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            user_values = {m["fact"]["value"] for m in memories
                           if m.get("fact", {}).get("subject") == "user" and m["fact"]["slot"] == slot}
            pool = [v for v in spec["values"] if v not in user_values]
            chain = _chain(rng, rng.sample(pool, 3), rng.choice((1, 2)))
            templates = rng.sample(spec["other"], len(chain))
            for index, ((value, when), template) in enumerate(zip(chain, templates)):
                forms = WHO_START if template.startswith("{who}") else WHO_MID
                who = rng.choice(forms).format(rel=rel, name=name)
                add(_cap(_fill(template, value, who=who)), when,
                    {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    attempts = 0
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        roll = rng.random()
        if roll < 0.2:  # two remarks saved as one memory
            a, b = rng.sample(FILLER_USER + FILLER_ASSISTANT, 2)
            a, b = _cap(a).rstrip("."), _cap(b).rstrip(".")
            text = f"{a}. {b}."
        elif roll < 0.55:
            text = rng.choice(FILLER_ASSISTANT) + rng.choice(ASSISTANT_SUFFIX)
        else:
            prefix, line, suffix = rng.choice(USER_PREFIX), rng.choice(FILLER_USER), rng.choice(USER_SUFFIX)
            text = prefix + line + suffix
            if rng.random() < 0.5:
                text = _cap(text)
        if key(text) not in seen:
            add(text, _between(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind2", "user": user, "seed": seed, "now": ku._iso(NOW), "memories": memories,
            "questions": questions}


def self_check() -> None:
    """The data's own consistency: values unique across slots, no value in filler, question kinds as meant."""
    owner: dict[str, str] = {}
    for slot, spec in SLOTS.items():
        assert len(set(spec["values"])) == len(spec["values"]), slot
        for v in spec["values"]:
            assert v.lower() not in owner, (v, slot, owner.get(v.lower()))
            owner[v.lower()] = slot
        for q in spec["now"]:
            assert ku._kind(q) in ("now", "currently", "these days", "plain"), q
        for q in spec["before"]:
            assert ku._kind(q) in ("before", "used to"), q
        for q in spec["year"]:
            assert ku._kind(q.format(year=2024)) == "in 2024", q
    names = {n.lower() for _, n in PEOPLE}
    assert not names & set(owner), names & set(owner)
    for line in FILLER_USER + FILLER_ASSISTANT:
        for v in owner:
            assert not re.search(rf"\b{re.escape(v)}\b", line.lower()), (v, line)
