"""Knowledge-update set blind1: a blind knowledge-update test set for hippocampus recall.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Looked at: its failures were read for classes while tuning (2026-12-01), so it is no longer blind.

    python3 bench/knowledge_updates.py --split blind1 --mode library
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
# Each slot: values; user statements ({v}); other-people statements ({who}, {v});
# now questions; before questions; year questions ({year}); other-person questions ({rel}).

SLOTS: dict[str, dict] = {
    "city": {
        "values": ["Lisbon", "Denver", "Leeds", "Austin", "Rotterdam", "Melbourne", "Toronto", "Leipzig",
                   "Porto", "Seattle", "Edinburgh", "Montreal", "Valencia", "Minneapolis", "Bristol", "Copenhagen"],
        "user": [
            "ok so we finally moved to {v}, boxes everywhere",
            "I live in {v} now",
            "just signed the lease on a flat in {v}!",
            "we relocated to {v} last week and I'm still getting lost",
            "Home is {v} these days.",
            "after months of back and forth I moved to {v}",
            "btw I'm based in {v} now, in case you need it for time zones",
            "the move to {v} is done, the cat hated the drive",
            "Our new place in {v} has a tiny balcony, love it",
            "I packed up everything and moved to {v}.",
            "so yeah, {v} is where I live now",
            "finally settled in {v}, the neighbours brought cookies",
            "New city, new me: I'm living in {v}!",
            "we bought a house in {v} and moved in on saturday",
            "i moved to {v} for a fresh start",
        ],
        "other": [
            "{who} just moved to {v}",
            "{who} lives in {v} now",
            "{who} finally found an apartment in {v}",
            "{who} relocated to {v} for work",
            "{who} told me they're moving to {v} next month",
        ],
        "now": [
            "Where does the user live now?",
            "What city is the user based in?",
            "Which city does the user currently live in?",
            "Where is the user's home these days?",
            "What's the user's home city?",
            "In which city does the user live?",
            "where does the user live",
        ],
        "before": [
            "Where did the user use to live?",
            "Which city did the user live in before?",
            "What was the user's previous home city?",
        ],
        "year": [
            "Where did the user live in {year}?",
            "Which city was the user living in in {year}?",
        ],
        "other_q": [
            "Where does the user's {rel} live now?",
            "Which city is the user's {rel} living in?",
        ],
    },
    "employer": {
        "values": ["Spotify", "Deloitte", "Siemens", "Brightloop", "Shopify", "Accenture", "Unilever", "Zalando",
                   "Stripe", "Airbus", "IKEA", "Philips", "Booking.com", "Monzo", "Novartis", "Atlassian"],
        "user": [
            "the new job at {v} starts monday, a bit nervous",
            "I work at {v} now",
            "Signed the offer from {v} today!!",
            "ok so I accepted the position at {v}",
            "i switched jobs, I'm at {v} now",
            "My first week at {v} was chaotic but fun",
            "btw I've joined {v} as a product analyst",
            "I handed in my notice and I'm starting at {v} next week",
            "{v} hired me, finally!",
            "these days I'm working for {v}, mostly remote",
            "Got my {v} badge and laptop this morning.",
            "I switched to {v} after the layoffs",
            "so my employer is {v} now, different vibe entirely",
            "just finished onboarding at {v}, so many acronyms",
        ],
        "other": [
            "{who} just started a new job at {v}",
            "{who} works for {v} now",
            "{who} got hired by {v}",
            "{who} accepted an offer from {v}",
            "{who} switched jobs and is at {v} now",
        ],
        "now": [
            "Where does the user work now?",
            "Who is the user's current employer?",
            "Which company does the user work for?",
            "What company is the user employed at these days?",
            "Where is the user working at the moment?",
            "who does the user work for",
            "What's the user's job, which company?",
        ],
        "before": [
            "Where did the user work before?",
            "What was the user's previous employer?",
            "Which company did the user use to work for?",
        ],
        "year": [
            "Where did the user work in {year}?",
            "Who was the user's employer in {year}?",
        ],
        "other_q": [
            "Where does the user's {rel} work now?",
            "Which company does the user's {rel} work for?",
        ],
    },
    "phone": {
        "values": ["Pixel 8", "iPhone 15 Pro", "Galaxy S24", "Fairphone 5", "OnePlus 12", "Nothing Phone 2",
                   "Xperia 10", "Moto G84", "iPhone 13 mini", "Pixel 7a", "Galaxy A55", "Xiaomi 14", "iPhone SE",
                   "Galaxy Z Flip 5", "Pixel 9 Pro", "Honor Magic 6"],
        "user": [
            "btw my new phone is the {v}",
            "I got {a} {n} today, the camera is unreal",
            "Finally upgraded to the {v}!",
            "i switched to the {v} after my old one cracked",
            "Using {a} {n} now, took ages to move my photos over",
            "My phone is {a} {n} these days.",
            "the {v} arrived this morning, setting it up now",
            "ok so I caved and bought the {v}",
            "I traded in my old phone for {a} {n}",
            "just unboxed my {v}, the screen is gorgeous",
            "Got the {v} on a contract deal, not bad",
            "my daily driver is the {v} now",
            "Replaced my phone with {a} {n} because the battery was toast",
            "so I'm on {a} {n} now, still learning the gestures",
        ],
        "other": [
            "{who} just got {a} {n}",
            "{who} upgraded to the {v}",
            "{who} bought {a} {n} on sale",
            "{who} is using {a} {n} now",
        ],
        "now": [
            "What phone does the user have now?",
            "Which phone is the user using these days?",
            "What's the user's current phone?",
            "What model of phone does the user own?",
            "What kind of smartphone does the user use?",
            "which phone does the user have",
        ],
        "before": [
            "What phone did the user have before?",
            "Which phone did the user use to have?",
            "What was the user's previous phone?",
        ],
        "year": [
            "What phone did the user have in {year}?",
            "Which phone was the user using in {year}?",
        ],
        "other_q": [
            "What phone does the user's {rel} have now?",
            "Which phone is the user's {rel} using?",
        ],
    },
    "dog": {
        "values": ["Biscuit", "Luna", "Pepper", "Mochi", "Otis", "Hazel", "Ziggy", "Bruno", "Nala", "Waffles",
                   "Juniper", "Rocco", "Pippa", "Barnaby", "Tofu", "Clementine"],
        "user": [
            "we adopted a puppy and named her {v}!",
            "My dog's name is {v}.",
            "{v} is our new rescue dog, he's so shy",
            "ok so the shelter let us take {v} home today",
            "i got a dog, her name's {v}",
            "Meet {v}, the newest member of the family!",
            "the new puppy is called {v} and she already chewed my shoe",
            "btw our dog is {v} now, a little terrier mix",
            "We brought home a beagle called {v} this weekend.",
            "after losing our old boy we adopted {v}",
            "my dog {v} is the goodest girl",
            "Named the puppy {v} after a long family debate",
            "so we have a dog now, {v}, and I'm exhausted",
            "took {v}, our new pup, to the vet for her first shots",
        ],
        "other": [
            "{who} adopted a dog named {v}",
            "{who} got a puppy called {v}",
            "{who} has a new dog, {v}",
            "{who} rescued a greyhound named {v}",
        ],
        "now": [
            "What's the name of the user's dog?",
            "What is the user's dog called now?",
            "What is the name of the user's current dog?",
            "Does the user have a dog, and what's its name?",
            "What's the user's pet called these days?",
            "what is the user's dog's name",
        ],
        "before": [
            "What was the name of the user's previous dog?",
            "What dog did the user have before?",
            "What was the user's dog called before?",
        ],
        "year": [
            "What was the user's dog called in {year}?",
            "What dog did the user have in {year}?",
        ],
        "other_q": [
            "What's the name of the user's {rel}'s dog?",
            "What is the user's {rel}'s dog called now?",
        ],
    },
    "gym": {
        "values": ["Iron Temple", "FitLab Central", "the YMCA downtown", "Urban Climb", "PulseFit",
                   "CrossFit Harbor", "Gold's Gym", "Basecamp Boxing", "The Forge", "Planet Fitness",
                   "Studio Flow", "Nordic Strength Club", "Riverside Leisure Centre", "Barry's", "Equinox",
                   "Anytime Fitness"],
        "user": [
            "{v} is my new gym",
            "I signed up at {v} yesterday",
            "ok so I cancelled my old membership and joined {v}",
            "i go to {v} now, it's way closer",
            "My gym these days is {v}.",
            "Switched gyms to {v}, the showers are actually clean!",
            "btw I train at {v} now",
            "Got a year pass for {v} on a discount",
            "I've been working out at {v} since last month",
            "first session at {v} and my legs are jelly",
            "so I moved my membership to {v}",
            "{v} had a deal so I joined, no regrets",
            "I switched to {v} because my old gym closed",
            "working out at {v} now, they have a sauna",
        ],
        "other": [
            "{who} joined {v}",
            "{who} goes to {v} now",
            "{who} switched gyms to {v}",
            "{who} signed up at {v}",
        ],
        "now": [
            "Which gym does the user go to these days?",
            "What gym is the user a member of now?",
            "Where does the user work out?",
            "What's the user's current gym?",
            "Which gym does the user train at?",
            "what gym does the user go to",
        ],
        "before": [
            "Which gym did the user use to go to?",
            "What was the user's previous gym?",
            "Where did the user work out before?",
        ],
        "year": [
            "Which gym did the user go to in {year}?",
            "What gym was the user a member of in {year}?",
        ],
        "other_q": [
            "Which gym does the user's {rel} go to now?",
            "What gym is the user's {rel} a member of?",
        ],
    },
    "car": {
        "values": ["Toyota Corolla", "Honda Civic", "VW Golf", "Tesla Model 3", "Mazda CX-5", "Skoda Octavia",
                   "Kia Niro", "Ford Fiesta", "Subaru Outback", "Renault Zoe", "Hyundai Ioniq 5", "Volvo XC40",
                   "Fiat 500", "BMW 3 Series", "Peugeot 208", "Mini Cooper"],
        "user": [
            "picked up our {v} from the dealer today!",
            "I drive {a} {n} now",
            "ok so we sold the old car and bought {a} {n}",
            "My car is {a} {n}.",
            "i switched to {a} {n}, way cheaper on fuel",
            "btw the new car is {a} {n}, silver",
            "Traded in the old one for {a} {n}",
            "so I'm driving {a} {n} these days and loving it",
            "we finally got {a} {n}, the kids call it the bean",
            "I leased {a} {n} last week.",
            "Just bought a second hand {v}, 40k on the clock",
            "the {v} is ours now, first road trip this weekend",
            "I've got {a} {n} now, no more buses",
            "our family car is the {v} now",
        ],
        "other": [
            "{who} bought {a} {n}",
            "{who} drives {a} {n} now",
            "{who} just picked up a used {v}",
            "{who} traded in their car for {a} {n}",
        ],
        "now": [
            "What car does the user drive now?",
            "What's the user's current car?",
            "Which car does the user own?",
            "What kind of car does the user have these days?",
            "What vehicle does the user drive?",
            "what car does the user have",
        ],
        "before": [
            "What car did the user drive before?",
            "What was the user's previous car?",
            "Which car did the user use to have?",
        ],
        "year": [
            "What car did the user drive in {year}?",
            "Which car did the user own in {year}?",
        ],
        "other_q": [
            "What car does the user's {rel} drive now?",
            "Which car does the user's {rel} have?",
        ],
    },
    "partner": {
        "values": ["Sam", "Jordan", "Elena", "Marcus", "Chloe", "Daniel", "Sofia", "Noah", "Hannah", "Lucas",
                   "Mia", "Ethan", "Zoe", "Oliver", "Leah", "Adrian"],
        "user": [
            "I'm seeing someone new, {v}, and it's going really well",
            "My partner's name is {v}.",
            "ok so {v} and I are officially together!",
            "btw my girlfriend {v} says hi",
            "been dating {v} for a few weeks now",
            "i have a boyfriend now, his name is {v}",
            "{v} moved in with me last weekend",
            "so me and {v} made it official on instagram lol",
            "Met {v} at a friend's party and we've been inseparable since",
            "my partner {v} cooked dinner tonight, amazing",
            "After the breakup I started dating {v}",
            "{v} is my new partner, still feels surreal",
            "we got engaged! {v} proposed on the beach",
            "I'm in a relationship with {v} now.",
        ],
        "other": [
            "{who} is dating someone called {v} now",
            "{who} has a new partner named {v}",
            "{who} got engaged to {v}",
            "{who} introduced us to their girlfriend {v}",
        ],
        "now": [
            "What's the name of the user's partner?",
            "Who is the user dating now?",
            "Who is the user's current partner?",
            "What is the user's partner called?",
            "Who is the user in a relationship with these days?",
            "who is the user's partner",
        ],
        "before": [
            "Who was the user dating before?",
            "Who was the user's previous partner?",
            "Who did the user use to date?",
        ],
        "year": [
            "Who was the user's partner in {year}?",
            "Who was the user dating in {year}?",
        ],
        "other_q": [
            "Who is the user's {rel} dating now?",
            "What's the name of the user's {rel}'s partner?",
        ],
    },
    "food": {
        "values": ["sushi", "ramen", "lasagna", "tacos al pastor", "pad thai", "butter chicken", "pho",
                   "margherita pizza", "shakshuka", "paella", "bibimbap", "falafel wraps", "mac and cheese",
                   "dumplings", "pierogi", "green curry"],
        "user": [
            "honestly {v} is my favourite food now",
            "My favorite food these days is {v}.",
            "ok so I'm obsessed with {v} lately, could eat it every day",
            "i think {v} has become my all time favourite",
            "btw if you ever pick a restaurant for me, {v} is my top choice now",
            "Nothing beats {v}, it's my number one food",
            "{v} is officially my favourite dish!",
            "I switched my go-to comfort food to {v}",
            "so my new favourite meal is {v}, tried it at a market",
            "These days I crave {v} more than anything else",
            "My absolute favourite thing to eat is now {v}.",
            "if I could only eat one thing forever, it'd be {v} now",
            "i've fallen in love with {v}, it's my favourite",
            "{v} has replaced everything else as my favourite food",
        ],
        "other": [
            "{who} says {v} is their favourite food now",
            "{who} is obsessed with {v} these days",
            "{who}'s new favourite dish is {v}",
            "{who} can't stop eating {v}, it's their favourite",
        ],
        "now": [
            "What's the user's favourite food?",
            "What is the user's favorite dish now?",
            "What food does the user like best these days?",
            "What does the user love to eat most?",
            "What's the user's current favourite meal?",
            "what is the user's favorite food",
        ],
        "before": [
            "What was the user's favourite food before?",
            "What did the user use to like eating most?",
            "What was the user's previous favourite dish?",
        ],
        "year": [
            "What was the user's favourite food in {year}?",
            "What dish did the user like best in {year}?",
        ],
        "other_q": [
            "What's the user's {rel}'s favourite food now?",
            "What food does the user's {rel} like best?",
        ],
    },
    "team": {
        "values": ["Arsenal", "Liverpool", "the Boston Celtics", "the Yankees", "Real Madrid",
                   "Borussia Dortmund", "the Chicago Bulls", "the Green Bay Packers", "AC Milan",
                   "the Philadelphia Eagles", "Celtic", "Ajax", "the Golden State Warriors", "Manchester City",
                   "the Portland Timbers", "Bayern Munich"],
        "user": [
            "I support {v} now, don't judge me",
            "ok so I've become a proper {n} fan",
            "my team is {v}, got the season ticket and everything",
            "btw I'm rooting for {v} this season",
            "i switched to supporting {v} after moving",
            "Bought {a} {n} scarf, I'm all in now!",
            "{v} is my team now, through thick and thin",
            "These days I cheer for {v}.",
            "so I'm {a} {n} supporter now, my dad is horrified",
            "watching every {n} game this year, they're my team",
            "I've started following {v} religiously",
            "Go {n}! yes, they're my team now",
            "my loyalty is with {v} these days",
            "I got {a} {n} jersey for my birthday and I wear it every match day since they're my team",
        ],
        "other": [
            "{who} supports {v} now",
            "{who} is a huge {n} fan",
            "{who} switched allegiance to {v}",
            "{who} bought season tickets for {v}",
        ],
        "now": [
            "Which team does the user support?",
            "What sports team is the user a fan of now?",
            "Who does the user root for these days?",
            "What's the user's favourite team?",
            "Which club does the user currently support?",
            "what team does the user support",
        ],
        "before": [
            "Which team did the user support before?",
            "What team did the user use to root for?",
            "What was the user's previous team?",
        ],
        "year": [
            "Which team did the user support in {year}?",
            "Who did the user root for in {year}?",
        ],
        "other_q": [
            "Which team does the user's {rel} support now?",
            "What team is the user's {rel} a fan of?",
        ],
    },
    "course": {
        "values": ["Pottery Basics", "Intro to Photography", "Creative Writing Workshop", "Python for Beginners",
                   "Improv Comedy", "Salsa Dancing", "Watercolour Painting", "First Aid Certification",
                   "Financial Accounting", "UX Design Bootcamp", "Wine Tasting", "Sourdough Baking",
                   "Woodworking", "Astronomy for Amateurs", "Digital Marketing", "Yoga Teacher Training"],
        "user": [
            "I signed up for {a} {n} class on tuesday evenings",
            "ok so I'm taking {v} this term",
            "the {v} course starts next week, can't wait",
            "i enrolled in {v} at the community college",
            "My current class is {v}.",
            "btw I started {a} {n} course, homework already lol",
            "Just finished my first {v} session and loved it!",
            "so these days I'm doing {v} on weekends",
            "I switched from my old class to {v}",
            "paid for the {v} course today, no backing out now",
            "{v} is the course I'm taking now",
            "Started {v} online, it's harder than it looks",
            "I'm enrolled in {v} this semester.",
            "my evening course is {v} now, great teacher",
        ],
        "other": [
            "{who} signed up for {v}",
            "{who} is taking {a} {n} course",
            "{who} enrolled in {v} this term",
            "{who} started a class in {v}",
        ],
        "now": [
            "What class is the user taking now?",
            "Which course is the user enrolled in?",
            "What course is the user doing these days?",
            "What's the user's current class?",
            "What is the user studying at the moment?",
            "what course does the user take",
        ],
        "before": [
            "What class did the user take before?",
            "Which course was the user doing previously?",
            "What course did the user use to take?",
        ],
        "year": [
            "What class was the user taking in {year}?",
            "Which course did the user take in {year}?",
        ],
        "other_q": [
            "What class is the user's {rel} taking now?",
            "Which course is the user's {rel} enrolled in?",
        ],
    },
    "doctor": {
        "values": ["Dr. Patel", "Dr. Nguyen", "Dr. Okafor", "Dr. Schmidt", "Dr. Alvarez", "Dr. Kowalski",
                   "Dr. Chen", "Dr. Haddad", "Dr. Lindqvist", "Dr. Moreau", "Dr. Brennan", "Dr. Tanaka",
                   "Dr. Rossi", "Dr. Mensah", "Dr. Fischer", "Dr. Varga"],
        "user": [
            "my new GP is {v}, she actually listens",
            "I switched to {v} at the clinic near work",
            "ok so I registered with {v} today",
            "My doctor is {v} now.",
            "btw {v} is my family doctor these days",
            "i changed doctors, I see {v} now",
            "First appointment with {v} went well!",
            "{v} is taking over as my doctor since the old one retired",
            "so I'm a patient of {v} now",
            "Got assigned to {v} after I moved practices",
            "I see {v} for my checkups these days.",
            "my physician is {v}, very thorough",
            "booked my annual physical with {v}, my new doctor",
            "The practice put me with {v} and I'm happy about it",
        ],
        "other": [
            "{who} sees {v} now",
            "{who} switched to {v} as their doctor",
            "{who} registered with {v}",
            "{who} says {v} is their new GP",
        ],
        "now": [
            "Who is the user's doctor now?",
            "Which doctor does the user see?",
            "Who is the user's current GP?",
            "What's the name of the user's physician?",
            "Who does the user go to for checkups these days?",
            "who is the user's doctor",
        ],
        "before": [
            "Who was the user's doctor before?",
            "Which doctor did the user use to see?",
            "Who was the user's previous GP?",
        ],
        "year": [
            "Who was the user's doctor in {year}?",
            "Which doctor did the user see in {year}?",
        ],
        "other_q": [
            "Who is the user's {rel}'s doctor now?",
            "Which doctor does the user's {rel} see?",
        ],
    },
    "language": {
        "values": ["Japanese", "Portuguese", "Italian", "Korean", "German", "Mandarin", "French", "Dutch",
                   "Swedish", "Greek", "Turkish", "Arabic", "Polish", "Hindi", "Vietnamese", "Czech"],
        "user": [
            "I'm learning {v} now, 20 minutes a day",
            "ok so I started {v} lessons on Duolingo",
            "i switched from my old language app course to {v}",
            "btw I'm studying {v} these days",
            "My new language project is {v}!",
            "just booked {a} {n} tutor for thursdays",
            "{v} grammar is breaking my brain but I'm sticking with it",
            "so I've picked up {v}, wish me luck",
            "The language I'm learning at the moment is {v}.",
            "I signed up for evening {v} lessons",
            "these days I practise {v} with a language exchange partner",
            "started learning {v} because of the trip next year",
            "i've been doing {v} flashcards every morning",
            "My streak in {v} is 30 days now!",
        ],
        "other": [
            "{who} is learning {v}",
            "{who} started taking {v} lessons",
            "{who} is studying {v} now",
            "{who} picked up {v} for an upcoming trip",
        ],
        "now": [
            "What language is the user learning now?",
            "Which language is the user studying these days?",
            "What language is the user currently learning?",
            "Which language does the user practise?",
            "What's the user's current language project?",
            "what language does the user study",
        ],
        "before": [
            "What language was the user learning before?",
            "Which language did the user use to study?",
            "What was the user's previous language?",
        ],
        "year": [
            "What language was the user learning in {year}?",
            "Which language did the user study in {year}?",
        ],
        "other_q": [
            "What language is the user's {rel} learning now?",
            "Which language is the user's {rel} studying?",
        ],
    },
}

PEOPLE = [("brother", "Tom"), ("coworker", "Ana"), ("sister", "Leila"), ("best friend", "Marco")]
WHO = ["my {rel} {name}", "{name}, my {rel},", "my {rel}", "{name} (my {rel})"]

FILLER = [
    "the gym was crowded again, waited ages for a bench",
    "my phone battery died again halfway through the day",
    "walked the dog in the rain, both of us soaked",
    "traffic on the way home was brutal",
    "made a big pot of soup for the week",
    "Can you remind me to call the dentist tomorrow?",
    "watched the match last night, what a finish",
    "the car needs new tyres before winter",
    "work was slow today, lots of meetings about meetings",
    "I forgot my umbrella, of course it poured",
    "we should plan a picnic if the weather holds",
    "spent an hour untangling the christmas lights",
    "the dog stole a sock and ran around the garden with it",
    "finally cleaned out the fridge, found mysterious leftovers",
    "need to renew my passport this year",
    "My knee is sore after the run",
    "had a weird dream about being late for an exam",
    "the neighbours are renovating again, drilling since 7am",
    "tried a new coffee place, the flat white was decent",
    "class was cancelled tonight so I read instead",
    "my phone keeps autocorrecting my name, so annoying",
    "the doctor's office put me on hold for 40 minutes",
    "I should really drink more water",
    "bought a plant for the kitchen window, hope I don't kill it",
    "the train was delayed by twenty minutes",
    "Listening to an audiobook about the Roman empire",
    "It snowed a little this morning, everything looks magical",
    "my partner and I argued about the thermostat again",
    "cooked dinner for friends, nobody complained",
    "the wifi went down during my video call",
    "our street had a power cut for two hours",
    "I need new running shoes",
    "found a great hiking trail near the lake",
    "paid the electricity bill, ouch",
    "my laptop fan sounds like a jet engine",
    "we binge watched a whole season in one weekend",
    "the cat from next door keeps visiting our garden",
    "signed up for a 10k in the spring, help",
    "I can't decide what to get my mum for her birthday",
    "the bakery on the corner had fresh croissants",
    "Tried meditating for ten minutes, mind wandered constantly",
    "my team lost badly on sunday, painful to watch",
    "the car wash ruined my wipers somehow",
    "grocery prices are getting ridiculous",
    "had to reset my password three times today",
    "the language app keeps sending me guilt-trip notifications",
    "our landlord finally fixed the heating",
    "spent the morning doing laundry and ironing",
    "went to a friend's birthday drinks, stayed out too late",
    "the dog needs a bath, she rolled in something gross",
    "I cracked my phone screen, just a small chip though",
    "ordered takeaway because I couldn't be bothered to cook",
    "my back hurts from sitting all day",
    "the library had a book sale, came home with six books",
    "planning a weekend trip to the coast",
    "I keep forgetting to water the tomatoes",
    "the gym playlist was terrible today",
    "finished a jigsaw puzzle with 1000 pieces",
    "got a parking ticket, I was two minutes late",
    "my sister sent me a funny video of her cat",
    "rearranged the living room furniture",
    "the heatwave is making it impossible to sleep",
]
FILLER_PREFIX = ["", "", "", "ugh, ", "lol ", "today: ", "random thought, ", "note to self: ", "so ", "anyway, ",
                 "hmm, ", "quick update: "]
FILLER_SUFFIX = ["", "", "", ".", "!", " lol", " :)", " again.", " typical.", " oh well.", " anyway.",
                 " ...", " 🙃", " haha", " fun times."]


# --- generating ------------------------------------------------------------------

def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in 2024, then `changes` new values in 2025, in date order."""
    first = _between(rng, START, FIRST_YEAR_END)
    later = sorted(_between(rng, SECOND_YEAR, NOW - timedelta(days=1)) for _ in range(changes))
    return list(zip(values[:changes + 1], [first, *later]))


AN = ("iPhone", "Xperia", "Honor", "Arsenal", "AC Milan", "Ajax", "Intro", "Improv", "Astronomy", "Italian", "Arabic")


def _fill(template: str, value: str, **more: str) -> str:
    """{v}: the value; {n}: it without a leading "the" (as in "a Yankees scarf"); {a}: "a" or "an" before {n}."""
    bare = value.removeprefix("the ")
    return template.format(v=value, n=bare, a="an" if bare.startswith(AN) else "a", **more)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind-ku/{seed}/{user}")
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
        templates = rng.sample(spec["user"], len(chain))
        for index, ((value, when), template) in enumerate(zip(chain, templates)):
            add(_fill(template, value), when, {"subject": "user", "slot": slot, "index": index, "value": value})
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
                who = rng.choice(WHO).format(rel=rel, name=name)
                add(_cap(_fill(template, value, who=who)), when,
                    {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    attempts = 0
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        if rng.random() < 0.2:  # two everyday remarks in one message
            a, b = rng.sample(FILLER, 2)
            text = f"{_cap(a)}. {_cap(b)}{rng.choice(FILLER_SUFFIX)}"
        else:
            prefix, line, suffix = rng.choice(FILLER_PREFIX), rng.choice(FILLER), rng.choice(FILLER_SUFFIX)
            if prefix and not line.startswith(("I ", "I'", "My ")):
                line = line[0].lower() + line[1:]
            if suffix == " again." and line.endswith("again"):
                suffix = "."
            text = prefix + line + suffix
        if rng.random() < 0.5:
            text = _cap(text)
        if key(text) not in seen:
            add(text, _between(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind", "user": user, "seed": seed, "now": ku._iso(NOW), "memories": memories,
            "questions": questions}
