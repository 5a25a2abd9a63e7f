"""Knowledge-update set blind19: voice-dictated run-on messages.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.208 / 0.347.
Held out: measured at 19b8d9a and at the end of that session only; nobody has read its
misses or its templates, and no model is trained on it.

    python3 bench/knowledge_updates.py --split blind19 --mode library

The author's own description:

Knowledge-update benchmark set "blind19".

Theme: messages dictated by voice and run through speech-to-text. Run-on sentences,
missing or odd punctuation, filler words, the occasional misheard word, numbers
sometimes spelled out, and the actual fact often buried in talk about the day.
American English.

Python 3.11 standard library only.  Deterministic in (size, user, seed).
"""

import datetime as _dt
import hashlib
import random
import re

SPLIT = "blind19"
NOW = "2025-10-01T09:00:00+00:00"

_UTC = _dt.timezone.utc
_FIRST_DAY = _dt.date(2024, 9, 1)
_LAST_DAY = _dt.date(2025, 9, 30)


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------------------
# value pools (values and decoys for one user are disjoint slices of a shuffle)
# ---------------------------------------------------------------------------

_POOLS = {
    "home": [
        "Columbus", "Sacramento", "Tucson", "Raleigh", "Boise", "Richmond", "Spokane",
        "Omaha", "Albuquerque", "Pittsburgh", "Louisville", "Savannah",
        "Des Moines", "Asheville", "Providence", "Reno", "Chattanooga", "Ann Arbor",
        "Fort Collins", "Durham", "Milwaukee", "Baltimore", "St. Paul", "Knoxville",
        "Tulsa", "Boulder", "Charleston", "Minneapolis", "Cincinnati", "San Antonio",
        "Orlando", "Kansas City", "Salt Lake City", "Phoenix", "Nashville", "Denver",
        "Cleveland", "Buffalo", "Little Rock", "Lexington", "Grand Rapids", "Fresno",
        "Bozeman", "Santa Fe", "Burlington",
    ],
    "employer": [
        "Kroger", "Deloitte", "Salesforce", "Home Depot", "Kaiser Permanente", "Boeing",
        "Trader Joe's", "UPS", "Wells Fargo", "Costco", "Humana", "Nationwide",
        "Lowe's", "FedEx", "Cigna", "Intuit", "Geico", "Walgreens", "Medtronic", "Aflac",
        "State Farm", "Whole Foods", "REI", "Starbucks", "Accenture", "Publix",
        "Best Buy", "Southwest Airlines", "Oracle", "Adobe", "Hilton", "Chick-fil-A",
    ],
    "phone": [
        "iPhone 13", "iPhone 14", "iPhone 15 Pro", "iPhone 16", "iPhone SE", "iPhone 12 mini",
        "Pixel 7", "Pixel 8a", "Pixel 9", "Pixel 6", "Galaxy S23", "Galaxy S24 Ultra",
        "Galaxy Z Flip 6", "Galaxy A54", "Galaxy S22", "OnePlus 12", "Motorola Razr",
        "Moto G Power",
    ],
    "car": [
        "Honda Civic", "Toyota Tacoma", "Ford F-150", "Subaru Outback", "Mazda CX-5",
        "Jeep Wrangler", "Toyota RAV4", "Chevy Silverado", "Hyundai Elantra", "Kia Telluride",
        "Tesla Model 3", "Ford Bronco", "Nissan Altima", "Honda CR-V", "Toyota Corolla",
        "VW Jetta", "Ram 1500", "Subaru Crosstrek", "Jeep Cherokee", "Honda Accord",
        "Mazda Miata", "Chevy Malibu",
    ],
    "dog": [
        "Biscuit", "Waffles", "Rosie", "Moose", "Ziggy", "Hank", "Daisy", "Otis", "Tater",
        "Juniper", "Gus", "Nala", "Bruno", "Winnie", "Koda", "Bandit", "Lulu", "Ruby",
        "Mochi", "Tucker", "Cooper", "Pretzel", "Sadie", "Diesel", "Pickle", "Buster",
    ],
    "gym": [
        "Planet Fitness", "Anytime Fitness", "Crunch Fitness", "Orangetheory", "LA Fitness",
        "Gold's Gym", "CorePower Yoga", "Movement Climbing", "Vertical Endeavors",
        "Iron Temple Barbell", "F45", "24 Hour Fitness", "Equinox", "Blink Fitness",
        "Summit Climbing", "Bay Strength", "Hot Yoga Haven", "Bodyworks Gym", "CrossFit Ember",
        "Granite Arch Climbing",
    ],
    "restaurant": [
        "Los Compadres", "Pho Saigon", "Lucky Dragon", "Mama Rosa's", "Smokey Joe's BBQ",
        "Bangkok Garden", "Nonna's Kitchen", "Seoul Kitchen", "Blue Fin Sushi", "Rudy's Diner",
        "El Farolito", "Taj Palace", "Big Al's Pizza", "Sunrise Cafe", "Golden Gyro",
        "Fat Cat Noodle", "Casa Azul", "Hog Heaven BBQ", "Mister Dumpling", "Tres Hermanos",
        "Cafe Lola", "Noodle Bar 88",
    ],
    "barber": [
        "Fade Factory", "Supercuts", "Great Clips", "Sport Clips", "Shear Madness",
        "Blade and Brush", "Main Street Barbers", "Gentleman's Chair", "Salon Lumiere",
        "Mane Attraction", "Tangles Salon", "Hair Lab", "Clipper Kings", "Studio Nine Salon",
        "Fresh Cutz", "Uptown Barber Co", "Sharp Edges", "Blowout Bar",
    ],
    "instrument": [
        "guitar", "piano", "ukulele", "drums", "violin", "saxophone", "banjo", "bass",
        "cello", "trumpet", "mandolin", "harmonica", "flute", "clarinet",
    ],
}

_NAMES_M = ["Marcus", "Tyler", "Derek", "Brandon", "Carlos", "Devin", "Luis", "Andre", "Kevin",
            "Jason", "Eric", "Trevor", "Nate", "Omar", "Miguel", "Ryan", "Cody", "Darius",
            "Ethan", "Isaac", "Malik", "Sean", "Travis", "Victor", "Dante", "Wesley"]
_NAMES_F = ["Jenna", "Priya", "Alyssa", "Kayla", "Megan", "Hannah", "Rachel", "Brooke", "Tasha",
            "Lauren", "Vanessa", "Nicole", "Erin", "Sofia", "Maya", "Chloe", "Danielle", "Keisha",
            "Gabby", "Lindsey", "Monica", "Tara", "Whitney", "Carmen", "Leah", "Bianca"]
_NAMES_N = ["Jordan", "Taylor", "Casey", "Riley", "Alex", "Morgan", "Jamie", "Avery"]

_PARTNER_WORD = {"M": "boyfriend", "F": "girlfriend", "N": "partner"}

# ---------------------------------------------------------------------------
# the user's slots: statement templates and questions
#   {V} new value, {O} previous value, {bf} boyfriend/girlfriend/partner word for {V}
# ---------------------------------------------------------------------------

_USER_SLOTS = {
    "home": {
        "first": [
            "Quick thing for context, I live in {V}, so when I ask about weather or events around here that's what I mean.",
            "Finally unpacked the last box at my place in {V}, my back is killing me.",
            "Can you find me a vet that's open Saturdays near me? I'm in {V}, on the east side.",
            "Traffic in {V} has gotten so bad, took me forty minutes to go like six miles. I've lived in {V} three years and it's never been this bad.",
            "Signed the lease renewal today so I'm staying in {V} another year, which honestly I'm fine with.",
            "My mom keeps asking when I'm leaving {V} and moving back home and the answer is not anytime soon.",
            "Looking for a dentist here in {V} that takes my insurance, can you help with that later.",
            "Power went out across half of {V} last night because of the storm, our whole block was dark till two.",
            "Home sweet home, {V} in the fall is unbeatable, the leaves on my street are unreal.",
            "Been living in {V} for about two years and I still haven't been to the big lake everybody talks about.",
        ],
        "change": [
            "Okay big news, I'm moving to {V}. Lease starts on the first and the movers are booked.",
            "Last night in {O}. Tomorrow we load the truck and drive to {V}, the new apartment is tiny but whatever.",
            "Handed back my keys in {O} today, kind of emotional. The new place in {V} has a dishwasher though so.",
            "First week living in {V} and I already found a bagel place, I think I'm gonna like it here.",
            "Can you change my location to {V}? I moved last weekend so all the weather stuff is wrong.",
            "So I officially live in {V} now, the {O} chapter is over. Still can't find my toaster in these boxes.",
            "Got my new driver's license with the {V} address on it, so I guess it's real.",
            "The commute from my new place in {V} is like twelve minutes. Compared to the hour I had in {O} that's life changing.",
            "Set up mail forwarding to the new address in {V} today, the post office line was insane.",
            "The landlord in {O} is keeping part of my deposit for a scratch on the floor. Anyway I'm settled in {V} and not going back.",
            "Neighbors here in {V} brought over cookies on my first day, that never once happened in {O}.",
            "Moving day went okay, everything is in the new apartment in {V} except the couch which didn't fit up the stairs lol.",
        ],
        "q_now": ["Where does the user live now?", "What city is the user currently living in?",
                  "Where is the user based these days?", "Which city does the user call home?",
                  "What city does the user live in?", "Where's the user living at the moment?"],
        "q_prev": ["Where did the user live before the most recent move?", "What city did the user use to live in?",
                   "Where was the user living previously?", "Which city was the user's home before the latest move?"],
        "q_2024": ["Where did the user live in 2024?", "What city was the user living in back in 2024?",
                   "In 2024, which city was home for the user?"],
    },
    "employer": {
        "first": [
            "I work at {V} just so you know, so if I ask about benefits stuff it's theirs.",
            "Long day at {V}, back to back meetings until six.",
            "My badge at {V} stopped working again, had to wait for security to let me in, so that was my morning.",
            "Open enrollment at {V} is this week, can you help me compare the two health plans.",
            "I've been at {V} for almost three years and my manager wants to talk about a promotion maybe.",
            "The holiday party for {V} is on the twelfth, I need something to wear that isn't sweatpants.",
            "Payday at {V} got moved to Thursday this month which actually helps with rent.",
            "Kind of annoyed, {V} is making everybody come into the office four days a week starting next month.",
            "Got my performance review at {V}, it went fine, meets expectations, whatever that means.",
            "Worked a double at {V} because two people called out, my feet are done.",
        ],
        "change": [
            "I accepted the offer from {V}! Start date is in two weeks and I'm so nervous.",
            "Today was my last day at {O}, they got me a cake. Starting at {V} on Monday.",
            "First day at {V} went pretty good, onboarding was like six hours of videos though.",
            "Put in my two weeks at {O} this morning. The new job at {V} pays way better.",
            "New job update, I'm at {V} now, still learning everybody's name.",
            "My laptop and badge from {V} came in the mail so I guess I really work there.",
            "So {O} did layoffs and I was one of them, but good news, {V} hired me like a week later.",
            "Direct deposit from {V} hit for the first time, weird seeing a different company name on the paycheck.",
            "My new manager at {V} took the whole team to lunch for my first week, way nicer than {O} ever was.",
            "Can you help me write a LinkedIn post saying I joined {V}? Keep it short and not cringe.",
            "Officially done with {O}. Orientation at {V} is tomorrow at eight so I need to sleep.",
            "Three weeks into the job at {V} and I haven't dreaded a single Sunday night.",
        ],
        "q_now": ["Where does the user work now?", "Who is the user's current employer?",
                  "Which company does the user work for these days?", "Where is the user employed?",
                  "What company is the user working at currently?"],
        "q_prev": ["Where did the user work before the latest job change?", "Which company did the user use to work for?",
                   "Who was the user's previous employer?"],
        "q_2024": ["Where was the user working in 2024?", "Which company employed the user in 2024?",
                   "Who did the user work for in 2024?"],
    },
    "phone": {
        "first": [
            "My {V} keeps dying by like two pm, is that a battery thing or a settings thing.",
            "Can you tell me how to turn off the keyboard clicking sound on a {V}.",
            "Dropped my {V} in the parking lot, the screen protector cracked but the phone is fine thank god.",
            "I use a {V} by the way, so if you give me steps make them for that.",
            "Need a case for my {V} that isn't ugly, something under twenty bucks.",
            "Storage on my {V} is full again, how do I clear it without deleting photos.",
            "Paid off my {V} this month, no more installments, feels good.",
            "Finally figured out how to screen record on my {V}, only took me a year.",
            "The camera on my {V} is honestly still great, got the best sunset pic tonight.",
        ],
        "change": [
            "Traded in my {O} and got the {V}, setting it up now.",
            "Upgraded to a {V} today. The guy at the store said my {O} was worth basically nothing.",
            "New phone! {V}. Transferring everything over is taking forever.",
            "My {O} finally died for good so I'm on a {V} now, still getting used to it.",
            "Swapped the {O} for a {V}, the camera is so much better.",
            "How do I set up voicemail on a {V}? I just got it and can't find the setting.",
            "Sending this from my new {V}, so if the dictation is weird that's why.",
            "The {V} came in the mail today, had to sign for it. Old phone is going in the junk drawer.",
            "Okay I caved and bought the {V}, the old one's screen was basically held together with tape.",
            "Getting used to the buttons on the {V}, I keep taking screenshots by accident.",
            "Cracked my {O} beyond repair so insurance sent me a {V} as the replacement.",
        ],
        "q_now": ["What phone does the user have now?", "Which phone is the user currently using?",
                  "What phone is the user carrying these days?", "What kind of phone does the user use?",
                  "Which smartphone does the user own?"],
        "q_prev": ["What phone did the user have before the latest upgrade?", "Which phone did the user use to have?",
                   "What was the user's previous phone?"],
        "q_2024": ["What phone did the user have in 2024?", "Which phone was the user using in 2024?",
                   "In 2024, what phone did the user carry?"],
    },
    "car": {
        "first": [
            "My {V} needs an oil change, can you remind me Saturday.",
            "The check engine light is on in my {V} again, ugh.",
            "Drove the {V} up to the lake this weekend and it handled the dirt road fine.",
            "I drive a {V}, so what size wiper blades do I need.",
            "Someone dinged my {V} in the grocery store parking lot and didn't leave a note.",
            "Got new tires on the {V}, four hundred bucks I did not want to spend.",
            "Registration for my {V} is due next month, remind me.",
            "Washed the {V} for the first time in like three months, turns out it's a different color underneath.",
            "My {V} is paid off as of today, no more car payment!!",
        ],
        "change": [
            "Sold my {O} today and picked up a {V}, used but low miles.",
            "Traded the {O} in at the dealership, driving home in a {V} now.",
            "New car!! {V}. I've wanted one since high school.",
            "Said goodbye to the {O} this morning. The {V} still has that new car smell which is kind of gross honestly.",
            "Figuring out the bluetooth in the {V}, the old car didn't even have bluetooth.",
            "Insurance quote for the {V} is more than I expected but I already signed so whatever.",
            "The {O} finally failed inspection, so I leased a {V}, first time leasing anything.",
            "Can you remind me to get the {V} registered within thirty days? Just bought it Saturday.",
            "First road trip in the {V} and it got like thirty five miles a gallon.",
            "Parked the {V} in the garage for the first time and it barely fit, way bigger than my {O} was.",
        ],
        "q_now": ["What does the user drive now?", "What car does the user currently drive?",
                  "What vehicle is the user driving these days?", "What kind of car does the user have?",
                  "What is the user's car?"],
        "q_prev": ["What car did the user drive before?", "What did the user use to drive?",
                   "What was the user's previous car?"],
        "q_2024": ["What car did the user drive in 2024?", "In 2024, what vehicle did the user have?",
                   "Which car was the user driving in 2024?"],
    },
    "partner": {
        "first": [
            "My {bf} {V} and I want to do a pumpkin patch this weekend, any recs near me.",
            "{V} and I have been together almost two years, what's a good anniversary gift that isn't jewelry.",
            "Date night with {V} tonight, we're finally trying that ramen place.",
            "{V} made me soup because I'm sick, best {bf} ever.",
            "Need to remember {V}'s birthday is on the twenty third, my {bf} will kill me if I forget, remind me a week before.",
            "Me and my {bf} {V} got into the dumbest argument about the dishes, we're fine.",
            "Going to {V}'s family for Thanksgiving and I'm a little nervous about the uncle, my {bf} says he's harmless.",
            "My {bf} {V} wants a hamster, which is a hard no from me.",
            "{V} and I are splitting everything fifty fifty since we moved in together, is there an app for that.",
        ],
        "change": [
            "Broke up with {O} last month, didn't really want to talk about it. But I've started seeing someone new, {V}, and it's going really well.",
            "Third date with {V} tonight, I think this is officially a thing.",
            "{V} asked me to be exclusive and I said yes!! Can't believe it after the whole {O} mess.",
            "So I have a new {bf}, {V}. We met at my friend's birthday thing.",
            "Introduced {V} to my parents this weekend, my dad actually liked my {bf}, which never happened with {O}.",
            "{V} is staying over this weekend, can you give me an easy dinner that looks impressive.",
            "Me and {O} are done for real this time. I'm with {V} now and it's just easier.",
            "Changed my emergency contact from {O} to {V}, that's how you know it's serious.",
            "Been seeing {V} for about a month now, we're going to a concert Saturday.",
            "My {bf} {V} surprised me with flowers at work today, everyone was so jealous.",
        ],
        "q_now": ["Who is the user dating now?", "Who is the user's current partner?",
                  "Who is the user seeing these days?", "What's the name of the user's partner?",
                  "Who is the user in a relationship with?"],
        "q_prev": ["Who was the user dating before?", "Who did the user use to date?",
                   "Who was the user's previous partner?"],
        "q_2024": ["Who was the user dating in 2024?", "Who was the user's partner in 2024?",
                   "In 2024, who was the user in a relationship with?"],
    },
    "dog": {
        "first": [
            "Took {V} to the vet for shots and my dog was so dramatic about it.",
            "My dog {V} ate a whole sock today, should I be worried.",
            "{V} needs a new harness, the old one is all chewed up, what size for a forty pound dog.",
            "Walked {V} like three miles this morning and my dog is somehow still full of energy.",
            "My pup {V} turns four next week, thinking about a little party at the park lol.",
            "Can you remind me to give {V} the flea medicine on the first of every month. {V} is my dog by the way.",
            "{V} barked at the mailman for twenty minutes straight, my dog has exactly one enemy.",
            "Need a dog sitter for {V} while I'm out of town, any apps you'd recommend.",
            "Grooming appointment for {V} is Friday, my dog's fur is out of control.",
        ],
        "change": [
            "We had to say goodbye to {O} on Tuesday, the vet said it was a heart thing. Today we brought home a rescue named {V} and I cried the whole drive.",
            "Meet {V}! Adopted from the shelter this morning, the house finally has a dog in it again. Little terrier mix, absolutely chaotic.",
            "{O} went to live with my aunt on her farm since she has the space, and I adopted {V}, who is a puppy, so no sleep for me.",
            "New dog {V} already chewed the couch leg on the first night home, I forgot what having a puppy is like, off to a great start.",
            "Signed the adoption papers for {V} today, so I'm a dog parent again after losing {O}.",
            "{V} is the sweetest rescue, sleeps on my feet every night. I still miss {O} but this helps.",
            "Vet says {V} is about two and totally healthy, so glad I adopted this dog.",
            "Can you give me tips for crate training a puppy? {V} cried all night, first night with us.",
            "Ordered a name tag that says {V}, the new pup needs one asap.",
            "It's been a month since {O} passed and the house was way too quiet, so we got {V} from a rescue Saturday.",
        ],
        "q_now": ["What's the name of the user's dog now?", "What is the user's dog called these days?",
                  "What's the user's dog's name?", "What is the name of the dog the user currently has?"],
        "q_prev": ["What was the name of the user's previous dog?", "What dog did the user have before?",
                   "What was the name of the dog the user used to have?"],
        "q_2024": ["What was the user's dog called in 2024?", "What was the name of the user's dog in 2024?",
                   "Which dog did the user have in 2024?"],
    },
    "gym": {
        "first": [
            "Leg day at {V} destroyed me, I can't walk down stairs.",
            "My membership at {V} renews next month, is the annual plan worth it.",
            "{V} was packed tonight, waited like fifteen minutes for a squat rack.",
            "I've been going to {V} four times a week and I'm finally seeing progress.",
            "Left my headphones at {V} again, hopefully they're in the lost and found.",
            "The six am class at {V} is brutal but I feel great after.",
            "Can you make me a workout plan? I go to {V} so I have all the normal equipment.",
            "Ran into my old high school teacher at {V} today, weird seeing him in a tank top lol.",
            "Some guy at {V} sat on the bench scrolling his phone for twenty minutes and I was so mad.",
        ],
        "change": [
            "Canceled my membership at {O} and signed up at {V} instead, it's closer to the house.",
            "First class at {V} this morning, oh my god I'm so sore.",
            "Switched gyms, I'm at {V} now, the equipment is way newer.",
            "Finally quit {O}, they made me cancel over the phone like it's 2005. Joined {V} the same day.",
            "Got my key fob for {V} today so I can go at like five am.",
            "I joined {V}, the intro deal was forty bucks for the first month.",
            "Done with {O}, the showers were gross. {V} has a sauna so easy choice.",
            "My trainer at {V} has me doing these sled pushes and I hate them.",
            "Been going to {V} for a couple weeks since switching and I don't miss {O} at all.",
            "Can you look up the holiday hours for {V}? It's my new gym and I haven't learned the schedule yet.",
        ],
        "q_now": ["Which gym does the user go to now?", "Where does the user currently work out?",
                  "What gym is the user a member of these days?", "Where does the user work out?",
                  "Which gym does the user train at?"],
        "q_prev": ["Which gym did the user go to before switching?", "Where did the user use to work out?",
                   "What was the user's previous gym?"],
        "q_2024": ["Which gym did the user go to in 2024?", "Where was the user working out in 2024?",
                   "What gym was the user a member of in 2024?"],
    },
    "restaurant": {
        "first": [
            "Getting takeout from {V} again, it's my favorite place, I get the same thing every time.",
            "{V} is my go-to when I'm sad, that's all.",
            "Can you check if {V} is open on Mondays? I'm craving it, it's my favorite restaurant.",
            "Honestly nothing beats {V}, I'd eat there every night if I could.",
            "The guy at {V} knows my order by heart, that's how often I go.",
            "Birthday dinner at {V} obviously, best restaurant around here.",
            "Ordered from {V} for the third time this week, zero regrets, my favorite.",
            "Taking my cousin who's visiting to {V} tomorrow since it's my favorite spot in town.",
        ],
        "change": [
            "Okay {V} has officially replaced {O} as my favorite spot, the food is unreal.",
            "{O} changed their menu and it's not the same, so I've been going to {V} instead, new favorite.",
            "New favorite restaurant alert: {V}. I've been twice this week already.",
            "Sorry {O} but {V} is just better, I've moved on.",
            "Can you save {V} as my favorite restaurant? I'm there every weekend these days.",
            "Honestly {O} closed so I needed a new go-to, and {V} is it.",
            "My usual at {V} is the spicy one, they already know me there and I've only been going since last month.",
            "Dragged a friend to {V}, the place I won't shut up about lately, and she agreed it's the best.",
            "We always used to get {O} on Fridays but it's {V} every time now.",
            "I think {V} might be the best food in the city, I'm going back Friday for like the fifth time.",
        ],
        "q_now": ["What's the user's favorite restaurant now?", "Which restaurant is currently the user's favorite?",
                  "Where does the user like to eat most these days?", "What is the user's go-to restaurant?",
                  "Which restaurant does the user love most?"],
        "q_prev": ["What was the user's favorite restaurant before?", "Which restaurant used to be the user's favorite?",
                   "What was the user's previous go-to restaurant?"],
        "q_2024": ["What was the user's favorite restaurant in 2024?", "Which restaurant did the user love most in 2024?",
                   "In 2024, what was the user's go-to place to eat?"],
    },
    "barber": {
        "first": [
            "Haircut at {V} Saturday at ten, can you remind me.",
            "My barber at {V} is going on vacation for two weeks, I'm gonna look rough.",
            "Got a fresh fade at {V} for the wedding.",
            "I've been getting my hair cut at {V} for years, never going anywhere else.",
            "Booked a trim at {V}, they finally have online booking thank god.",
            "The lady at {V} talked me into bangs, we'll see how that goes.",
            "{V} raised their price to thirty five for a cut, still worth it though.",
            "Need to call {V} and move my haircut, I can't make it Thursday.",
        ],
        "change": [
            "Tried {V} for a haircut and honestly best one I've had, not going back to {O}.",
            "My guy at {O} moved away so I'm going to {V} now, they did a decent job.",
            "New barber! {V}. They actually listened to what I wanted.",
            "Switched from {O} to {V}, way cheaper and they do a hot towel thing.",
            "Booked my next three cuts at {V}, so I guess that's my spot now.",
            "The stylist at {V} fixed what {O} did to my hair last month, never again.",
            "Got my hair done at {V} again, I've completely switched over, love it there.",
            "{V} is my new place for haircuts, it's right by work.",
            "Left a five star review for {V}, second cut there since I stopped going to {O}.",
        ],
        "q_now": ["Where does the user get their hair cut now?", "Which salon or barbershop does the user currently go to?",
                  "Where does the user go for haircuts these days?", "Which barbershop does the user use?",
                  "Where does the user get haircuts?"],
        "q_prev": ["Where did the user get haircuts before?", "Which barbershop did the user use to go to?",
                   "Where did the user previously get their hair cut?"],
        "q_2024": ["Where did the user get their hair cut in 2024?", "Which barbershop or salon did the user use in 2024?",
                   "In 2024, where did the user go for haircuts?"],
    },
    "instrument": {
        "first": [
            "Practiced {V} for like an hour tonight, my hands are sore.",
            "Started {V} lessons last month and my teacher says I'm doing okay.",
            "Can you find me some easy {V} songs for beginners.",
            "My {V} teacher wants me to do scales every day, boring but fine.",
            "Been learning {V} off YouTube mostly, thinking about getting real lessons.",
            "The neighbors definitely hate me for practicing {V} at night lol.",
            "My {V} lesson got moved to Wednesday, remind me.",
            "Learning {V} has been the best thing for my stress, twenty minutes a night.",
        ],
        "change": [
            "Kind of gave up on {O}, it just wasn't clicking. Signed up for {V} lessons instead.",
            "First {V} lesson today, way harder than it looks.",
            "Sold my {O} stuff and bought a used {V} setup, new hobby era.",
            "Switching from {O} to {V}, my teacher says a lot of it carries over.",
            "I'm learning {V} now, {O} was just not my thing.",
            "Can you find me a good {V} practice app? I just started.",
            "My new {V} teacher is so patient, I wish I'd switched sooner.",
            "Practiced {V} every day this week since I picked it up, like twenty minutes a day.",
            "Stopped the {O} lessons, too expensive. The community center has cheap {V} classes so that's my thing now.",
        ],
        "q_now": ["What instrument is the user learning now?", "Which instrument is the user currently practicing?",
                  "What instrument is the user taking lessons on these days?", "What instrument does the user play?",
                  "Which instrument is the user learning?"],
        "q_prev": ["What instrument was the user learning before?", "Which instrument did the user use to practice?",
                   "What was the user's previous instrument?"],
        "q_2024": ["What instrument was the user learning in 2024?", "Which instrument did the user practice in 2024?",
                   "In 2024, what instrument was the user taking lessons on?"],
    },
}

# ---------------------------------------------------------------------------
# other people: relations, their slots, statement templates, questions
#   {R} "my sister Jenna" / "my dad", {RN} "Jenna" / "my dad"
# ---------------------------------------------------------------------------

_RELATIONS = {
    # relation: (gender or None for any, has a name, excluded slots)
    "dad": ("M", False, {"partner"}),
    "mom": ("F", False, {"partner"}),
    "brother": ("M", True, set()),
    "sister": ("F", True, set()),
    "roommate": (None, True, {"home"}),
    "coworker": (None, True, {"employer"}),
    "best friend": (None, True, set()),
    "cousin": (None, True, set()),
    "neighbor": (None, True, {"home"}),
    "boss": (None, True, {"employer"}),
}

_OTHER_SLOTS = {
    "home": {
        "first": [
            "{R} lives in {V}, so visiting is basically a whole trip for me.",
            "Called {R} today, apparently it's already snowing in {V} where {RN} lives.",
            "{R} just moved to {V}, so I'm helping with boxes this weekend.",
            "Mailing a birthday package to {R} out in {V}, hope it gets there in time.",
            "{R} keeps inviting me to come stay in {V}, there's a spare room at {RN}'s place there.",
            "Can you check flights to {V}? I want to go visit {R} this spring.",
        ],
        "change": [
            "{R} is officially out of {O}, moved to {V} last weekend.",
            "Helped {R} move into the new apartment in {V}, my arms are dead.",
            "{R} sent me pics of the new place in {V}, it's so cute.",
            "Big news from {R}, packed up and left {O}, living in {V} now.",
            "So {R} lives in {V} these days, which is wild because {RN} swore never to leave {O}.",
        ],
    },
    "employer": {
        "first": [
            "{R} works at {V}, maybe I can get a discount through {RN}.",
            "{R} has been at {V} forever, like ten years.",
            "{R} complained about {V} the entire dinner, that job sounds miserable.",
            "{R} just started a job at {V}, good for {RN}.",
            "Apparently {R} got employee of the month at {V}, I'm so proud.",
        ],
        "change": [
            "{R} quit {O} and started at {V} this week.",
            "{R} got hired at {V}!! So happy for {RN}.",
            "{R} is at {V} now, left {O} last month.",
            "{R} says the new job at {V} is way less stressful than {O} was.",
            "Had lunch with {R}, who finally left {O}. {RN} works for {V} now and loves it.",
        ],
    },
    "car": {
        "first": [
            "{R} drives a {V} and refuses to get rid of it.",
            "{R} picked me up from the airport in the {V}, that thing is huge.",
            "{R} bought a {V} off a guy on Craigslist, I'm nervous about it.",
            "Borrowed the {V} from {R} for the afternoon, {RN} made me promise to fill it up.",
        ],
        "change": [
            "{R} finally sold the {O} and got a {V}.",
            "{R} traded in the {O} for a {V}, sent me like ten pictures of it.",
            "The new car {R} bought is a {V}, very fancy.",
            "{R} got rid of the old {O}, which was falling apart, and is driving a {V} now.",
        ],
    },
    "partner": {
        "first": [
            "{R} is dating someone named {V}, they met at bar trivia.",
            "{R} brought {V} to dinner, the {bf} situation seems serious.",
            "{R} and {V} have been together about a year now, cute couple.",
            "{R} keeps talking about {V}, the new {bf}, like nonstop.",
        ],
        "change": [
            "{R} broke up with {O} and is already seeing somebody new, {V}.",
            "{R} has a new {bf}, {V}, I met them last night.",
            "{R} and {V} are official now apparently, {O} is old news.",
            "Turns out {R} has been seeing {V} since the breakup with {O}, nobody told me.",
        ],
    },
    "dog": {
        "first": [
            "{R} has a dog named {V} who is the goodest boy.",
            "{R} adopted a dog named {V}, sent me a million pictures.",
            "Dog sitting {V} for {R} this weekend, {RN}'s dog is a menace.",
            "{R}'s dog {V} got into the trash again, {RN} is so over it.",
        ],
        "change": [
            "{R} got a new dog, {V}, after {O} passed.",
            "{R}'s old dog {O} went to live with family and now there's a puppy named {V}.",
            "{R} adopted another dog, named {V}, since losing {O} last month.",
            "Met {V} today, the rescue {R} brought home after {O} passed, so cute.",
        ],
    },
    "phone": {
        "first": [
            "{R} finally got a {V} and keeps sending me blurry selfies.",
            "{R} still uses a {V} and won't upgrade.",
            "Helped {R} set up the {V}, took an hour because nobody remembered the password.",
            "{R} dropped the {V} in a lake lol, it survived.",
        ],
        "change": [
            "{R} upgraded from the {O} to a {V}.",
            "{R} switched to a {V}, the {O} was dying.",
            "{R} got a new phone, a {V}, and now texts me in all caps by accident.",
            "Spent Sunday moving {R}'s photos from the {O} to the new {V}.",
        ],
    },
    "gym": {
        "first": [
            "{R} goes to {V} and keeps trying to get me to come.",
            "{R} has been going to {V} every morning, very inspiring, very annoying.",
            "{R} invited me to a guest pass at {V}, maybe next week.",
            "{R} pulled a muscle at {V} and now won't stop talking about it.",
        ],
        "change": [
            "{R} switched from {O} to {V}, says it's way cleaner.",
            "{R} quit {O} and joined {V} this month.",
            "{R} is going to {V} now, apparently {O} got too crowded.",
            "{R} signed up at {V}, done with {O} for good.",
        ],
    },
}

_OTHER_Q = {
    "home": ["Where does {P} live now?", "What city does {P} currently live in?",
             "Where is {P} living these days?", "Where does {P} live?"],
    "employer": ["Where does {P} work now?", "Which company is {P} currently working for?",
                 "Who employs {P} these days?", "Where does {P} work?"],
    "car": ["What does {P} drive now?", "What car does {P} currently have?",
            "What is {P} driving these days?", "What car does {P} drive?"],
    "partner": ["Who is {P} dating now?", "Who is {P} currently seeing?",
                "Who is {P} with these days?", "Who is {P} in a relationship with?"],
    "dog": ["What's the name of {P}'s dog now?", "What is {P}'s dog called these days?",
            "What's {P}'s dog's name?", "What dog does {P} currently have?"],
    "phone": ["What phone does {P} have now?", "Which phone is {P} currently using?",
              "What phone does {P} use these days?", "What kind of phone does {P} have?"],
    "gym": ["Which gym does {P} go to now?", "Where does {P} currently work out?",
            "What gym is {P} a member of these days?", "Where does {P} work out?"],
}

# ---------------------------------------------------------------------------
# filler material.  <key> markers are filled from _LISTS, {D}/{V}/{R} after voicing
# ---------------------------------------------------------------------------

_LISTS = {
    "tw": ["today", "this morning", "yesterday", "tonight", "this afternoon", "the whole week", "Monday",
           "this weekend", "this whole week"],
    "adj": ["long", "exhausting", "so slow", "chaotic", "a lot", "kind of a mess", "rough", "a blur",
            "the worst", "annoying"],
    "adjgood": ["weirdly good", "honestly fine", "surprisingly chill", "productive for once", "actually great",
                "pretty relaxing"],
    "why": ["the printer jammed like five times", "I forgot my lunch on the counter",
            "nobody answered a single email", "I spilled coffee all down my shirt", "the wifi kept cutting out",
            "I've had a headache since I woke up", "my alarm didn't go off", "the meeting ran an hour over",
            "I locked myself out for twenty minutes", "the power kept flickering", "I got stuck behind a school bus",
            "I couldn't find my keys anywhere", "there was a fire drill in the middle of lunch",
            "the dishwasher leaked everywhere", "my laptop decided to update itself"],
    "item": ["paper towels", "dish soap", "batteries", "a birthday card", "printer ink", "laundry pods",
             "contact solution", "trash bags", "lightbulbs", "coffee filters", "sunscreen", "allergy meds",
             "a shower curtain", "stamps", "oat milk", "eggs", "toothpaste", "band-aids", "a lint roller"],
    "store": ["Walmart", "CVS", "Aldi", "the hardware store", "the pharmacy", "the grocery store",
              "Dollar General", "the post office", "Kohl's", "Meijer", "the Dollar Tree"],
    "dish": ["chili", "tacos", "spaghetti", "stir fry", "chicken and rice", "grilled cheese",
             "breakfast for dinner", "sheet pan fajitas", "a frozen pizza", "lentil soup", "turkey burgers",
             "mac and cheese", "shrimp scampi", "pot roast", "black bean soup", "chicken alfredo"],
    "verdict": ["honestly amazing", "just okay", "kind of a disaster", "way better than expected", "too salty",
                "fine I guess", "so good", "edible", "a ten out of ten", "mid"],
    "craving": ["wings", "a milkshake", "cinnamon rolls", "nachos", "a breakfast burrito", "cheesecake",
                "fried chicken", "dumplings", "a cheesesteak", "funnel cake", "queso", "a smash burger"],
    "weather": ["pouring", "freezing", "like ninety degrees", "super windy", "foggy", "so humid",
                "gross and gray", "actually nice for once", "sleeting", "hailing a little"],
    "reaction": ["do not want to leave the house", "already regret wearing shorts", "forgot an umbrella obviously",
                 "might just stay in", "left the car windows cracked", "am wearing two hoodies",
                 "can't decide what to wear"],
    "activity": ["go to a brewery", "see a movie", "go bowling", "hit the farmers market", "go thrifting",
                 "do trivia night", "go on a hike", "watch the game", "try axe throwing", "go to a concert",
                 "check out the flea market", "go mini golfing", "go to the zoo"],
    "friendgen": ["my friend", "a friend from college", "my buddy", "one of my friends", "the group chat",
                  "my friend from book club", "this girl I know from high school"],
    "task": ["call the insurance company", "pay the water bill", "return the library books",
             "cancel that free trial", "take out the recycling", "book a dentist appointment",
             "renew my passport", "text my aunt happy birthday", "water the plants",
             "schedule the furnace inspection", "drop off the dry cleaning", "refill my prescription",
             "send back that return", "RSVP to the baby shower", "change the air filter"],
    "when": ["tomorrow at nine", "on Friday", "tonight", "in an hour", "next Tuesday", "before the weekend",
             "Monday morning", "at lunch", "after work", "Sunday night"],
    "ask": ["what's a good substitute for buttermilk", "how long do I boil eggs for soft boiled",
            "is it bad to run the dishwasher half empty", "how do I get a red wine stain out of carpet",
            "what's the difference between a roth and a regular IRA", "how many cups are in a quart",
            "can you explain what a deductible is like I'm five", "what should I get my aunt, she loves gardening",
            "is it normal for a cast iron pan to have black stuff come off",
            "how do I unclog a bathroom sink without chemicals", "what's a good book for a plane ride",
            "how do you get rid of fruit flies", "what temperature do you cook pork chops to",
            "is it worth getting an air fryer", "how do I freeze fresh basil",
            "what's a polite way to say no to a wedding invite", "how much water should I drink a day",
            "how do you clean a really gross microwave", "why do my houseplants keep dying"],
    "sverdict": ["honestly amazing", "so dumb", "kind of a letdown", "way better than expected", "confusing",
                 "fine I guess", "perfect", "a cliffhanger, of course"],
    "bodypart": ["back", "knee", "shoulder", "neck", "wrist", "left ankle", "lower back"],
    "pastwhen": ["Tuesday", "the weekend", "last week", "yesterday", "like Sunday", "the move"],
    "bill": ["electric", "internet", "water", "gas", "trash", "credit card"],
    "show": ["that new detective show", "the baking competition", "The Office again", "that true crime documentary",
             "the cooking show", "the dating show everyone's talking about", "a random anime",
             "the home renovation show", "that space series", "a really bad horror movie"],
    "time": ["nine thirty", "10:15", "two o'clock", "3:30", "four fifteen", "eleven", "noon", "8 am", "one thirty"],
    "officeppl": ["somebody in accounting", "the new guy on my team", "this one lady in HR", "the intern",
                  "my manager", "the guy who sits behind me"],
    "gctopic": ["fantasy football", "somebody's engagement", "the game last night", "a wedding in June",
                "whose turn it is to host", "a conspiracy theory about birds"],
    "month": ["July", "March", "last year", "who knows when", "before Halloween"],
    "result": ["we lost by a field goal", "what a comeback", "the refs were terrible", "it went to overtime",
               "total blowout", "I fell asleep in the fourth quarter"],
    "late": ["midnight", "one in the morning", "two am", "like eleven thirty", "six am on a Saturday"],
    "fix": ["leaky faucet", "garbage disposal", "bathroom fan", "front door lock", "window screen",
            "smoke detector that chirps"],
    "stress": ["taxes", "a big presentation", "wedding planning", "a move", "a doctor thing", "money stuff"],
    "gift": ["a candle", "a nice water bottle", "a puzzle", "a gift card", "fuzzy socks", "a cookbook"],
}

_GENERIC = [
    "<tw> was <adj> because <why>.",
    "<tw> was <adj>. <why>.",
    "<tw> was <adjgood>, no complaints.",
    "Need to grab <item> from <store> <when>.",
    "The line at <store> was like <nl> people deep.",
    "Made <dish> for dinner and it was <verdict>.",
    "Meal prepped <dish> for the week, I feel like an adult.",
    "Craving <craving> so bad right now.",
    "It's <weather> out and I <reaction>.",
    "<friendgen> wants to <activity> on <day>, I'm tired but maybe.",
    "Thinking about trying to <activity> this weekend.",
    "Can you remind me to <task> <when>.",
    "Remind me to <task>, I keep forgetting.",
    "Random question, <ask>.",
    "<ask>?",
    "My <bodypart> has been hurting since <pastwhen>, probably slept on it wrong.",
    "Only slept like <nsl> hours, running on fumes.",
    "Paid the <bill> bill, <n> dollars, more than last month.",
    "Finished <show> last night, the ending was <sverdict>.",
    "Can you add <item> to my shopping list.",
    "Spent <ns> hours on spreadsheets and my eyes hurt.",
    "My <time> meeting got moved to <day>.",
    "<officeppl> keeps replying all to every single email.",
    "Dentist appointment <when>, ugh.",
    "A package got delivered to the wrong house again, that's <ns> times this month.",
    "The laundry has been sitting in the dryer for <ns> days.",
    "Accidentally had coffee at <time> and now I can't sleep.",
    "The group chat is blowing up about <gctopic>.",
    "Pretty sure I'm coming down with something, my throat is scratchy.",
    "Finally cleaned out the fridge and found a yogurt from <month>.",
    "Watched the game with some friends, <result>.",
    "My mom left me <ns> voicemails, nothing urgent of course.",
    "Can you give me a recipe that uses <dish> leftovers.",
    "I keep buying <item> and then forgetting I already have <item2>.",
    "Started reading a new book and fell asleep after <ns> pages.",
    "Walked like <ns> thousand steps today, that's pathetic lol.",
    "Got a parking ticket downtown, <n> dollars, for being two minutes late.",
    "Someone's car alarm went off at <late> and nobody turned it off.",
    "Tried to make <dish> from a video and it looked nothing like the video.",
    "Budget check, I spent <nb> dollars on takeout this week which is too much.",
    "Need a gift for a white elephant thing, under twenty, maybe <gift>.",
    "The power company says an outage is planned for <day>, so no coffee maker I guess.",
    "Is it weird to <activity> alone? Asking for me.",
]

_OPENERS = ["okay so", "so um", "hey", "alright so", "um", "so yeah", "okay", "hey so", "quick one", "uh",
            "so", "ok real quick", "hey it's me again", "random but", "alright"]
_CLOSERS = ["so yeah", "anyway", "anyways", "yeah", "lol", "that's it", "ok thanks", "anyway yeah", "ugh",
            "we'll see", "yeah so", "whatever", "just saying", "thanks", "okay bye"]
_CONNECT = [" and ", " and then ", " so ", " and um ", " oh and ", " also "]
_FILLWORDS = ["um", "uh", "like", "you know", "I mean", "so", "basically", "kind of", "literally",
              "honestly", "like um"]
_HOMO = {"their": "there", "there": "their", "your": "you're", "know": "no", "right": "write",
         "week": "weak", "hear": "here", "then": "than", "would": "wood", "for": "four", "I'll": "aisle",
         "one": "won", "through": "threw", "buy": "by", "whole": "hole", "wait": "weight",
         "meet": "meat", "dessert": "desert", "quiet": "quite", "lose": "loose", "accept": "except",
         "weather": "whether", "too": "to", "two": "to", "eight": "ate", "allowed": "aloud",
         "appointment": "a point meant", "schedule": "sketch you'll", "lunch": "launch",
         "coffee": "coughing", "Wednesday": "when's day", "honestly": "on a sleigh", "really": "rarely"}

# topic filler (no values), only for the user's active slots
_TOPIC = {
    "home": ["My landlord still hasn't fixed the <fix>.", "The upstairs neighbors were stomping around at <late>.",
             "Thinking about repainting the bedroom, something less beige.",
             "The building's washer is broken again so laundromat it is.",
             "The heat in my place is either off or sauna mode, nothing in between.",
             "Need to find cheaper renters insurance, mine went up <n> dollars.",
             "Should I get a rug for the living room or is that a waste of money."],
    "employer": ["Work has been so slow this week.", "So many meetings today I didn't do any actual work.",
                 "My manager wants the report by <day>.", "Thinking about asking for a raise, how do I even bring that up.",
                 "We have a team building thing on <day>, pray for me.", "IT made everybody reset passwords again.",
                 "Work sent out a survey about morale which is kind of ironic."],
    "phone": ["Need a new phone case, mine is cracked on the corner.", "My phone is at <ns> percent and I forgot my charger.",
              "How do I stop getting so many spam calls.", "Phone storage is full again, what's even on there.",
              "My phone keeps autocorrecting my own name.", "Screen protector cracked again, I go through so many."],
    "car": ["The car is making that clicking noise again.", "Gas was <price> a gallon today.",
            "Need to get my tires rotated, remind me <when>.",
            "Someone parked so close I had to climb in through the passenger side.",
            "The car wash line was insane, gave up.", "Pretty sure my car battery is on its way out, it's slow to start."],
    "partner": ["We're doing date night at home tonight, any movie recs.", "Need an anniversary gift idea, something thoughtful.",
                "We had a dumb argument about the thermostat again.", "What's a cute date idea that's cheap."],
    "dog": ["The dog chewed up my shoe, the good pair.", "Dog park was all mud today.",
            "Need to order more dog food before we run out.", "The dog is scared of the vacuum again.",
            "How often should a dog get their nails trimmed.", "The dog threw up on the rug at three am, love that."],
    "gym": ["Gym was packed tonight.", "Skipped the gym again, tomorrow for sure.", "My legs are so sore from squats.",
            "What's a good protein powder that doesn't taste like chalk.", "Forgot my water bottle for my workout.",
            "Someone left weights all over the floor, re-rack your stuff people."],
    "restaurant": ["Too tired to cook, thinking takeout.", "What's a good place for brunch near me.",
                   "Ate way too much at dinner.", "Trying to eat out less this month lol."],
    "barber": ["My hair is getting so long, need a cut.", "Thinking about growing my hair out.",
               "How much should I tip on a haircut.", "My hair is doing something weird in the back."],
    "instrument": ["Didn't practice at all this week, oops.", "My fingertips hurt from practicing.",
                   "How do you read sheet music, like the basics.", "The metronome is the most annoying sound on earth.",
                   "Recital thing is coming up and I'm nervous."],
}

_DECOY = {
    "home": ["Heading to {D} for a wedding next weekend.", "Flight got rerouted through {D}, stuck here for five hours.",
             "{D} was so pretty, best long weekend in forever.", "My uncle keeps telling me to come visit him in {D}.",
             "Saw a story about a tornado near {D}, scary.", "Could never live in {D}, way too hot.",
             "Maybe a road trip to {D} this summer?"],
    "employer": ["My friend has a final interview at {D}, fingers crossed for her.",
                 "Got a recruiter message from {D}, not interested.", "My uncle retired from {D} after like thirty years.",
                 "Heard {D} is hiring, not for me though.", "{D} is doing layoffs, that's rough."],
    "phone": ["My grandma wants a {D}, which one is easiest for her.", "Saw an ad for the {D}, don't need it.",
              "My aunt just got a {D} and keeps facetiming me by accident.", "Is the {D} any good? Asking for my uncle."],
    "car": ["Rented a {D} for the trip, it was fine.", "My uncle let me borrow his {D} for the day.",
            "Test drove a {D} just for fun, way too expensive.", "My rideshare was a {D} with like fifty air fresheners.",
            "Saw a {D} with a bumper sticker that made me laugh out loud."],
    "partner": ["Ran into {D} from high school at the grocery store, so awkward.",
                "{D} from my old job messaged me out of nowhere.",
                "My friend keeps trying to set me up with somebody named {D}, no thanks.",
                "Got a wedding invite from {D}, haven't talked in years."],
    "dog": ["Met a dog named {D} at the park today, total sweetheart.", "My aunt's dog {D} is staying with her sister.",
            "My landlord has a dog named {D} that howls at sirens."],
    "gym": ["Got a free day pass to {D}, it was just okay.", "{D} opened a location by the office, not interested though.",
            "My uncle keeps talking about {D} like it's a religion."],
    "restaurant": ["Tried {D} tonight, it was fine, nothing special.", "{D} had a forty minute wait so we left.",
                   "My aunt loves {D} but I don't get the hype.", "Work lunch at {D}, the portions were tiny."],
    "barber": ["Walked past {D}, it looks fancy.", "My uncle swears by {D} for haircuts.",
               "Saw {D} on instagram, the cuts look good but it's far."],
    "instrument": ["Saw a street performer on {D} downtown, so good.", "My nephew started {D} lessons, bless his parents.",
                   "Watched a video of some kid shredding on {D}, I'll never be that good."],
}

_PASSING = {
    "home": ["Traffic getting back into {V} was a nightmare tonight.", "It's supposed to hit ninety in {V} today, no thanks.",
             "There's a food truck festival in {V} this weekend.", "The roads in {V} are all torn up again."],
    "employer": ["Free pizza at {V} today, small wins.", "The coffee machine at {V} broke and everyone is miserable.",
                 "The parking garage at {V} was full again.", "It was dead quiet at {V} today, half the team is out."],
    "phone": ["My {V} froze in the middle of a call again.", "Dropped the {V} face down on the sidewalk, it survived.",
              "The battery on my {V} is already acting up."],
    "car": ["Filled up the {V}, gas was <price> a gallon.", "The {V} needs a wash so bad.",
            "Someone left a flyer on the {V} windshield."],
    "partner": ["{V} and I stayed in and watched <show>.", "{V} made pancakes this morning.",
                "Going to a wedding with {V} on Saturday, need to iron a shirt."],
    "dog": ["Took {V} to the dog park, came back covered in mud.", "{V} stole a sock and ran around the house with it.",
            "{V} is snoring next to me right now."],
    "gym": ["Quick workout at {V} before work.", "{V} was dead this morning, had the whole place to myself."],
    "restaurant": ["Grabbed takeout from {V} again.", "{V} got my order wrong for the first time ever."],
    "barber": ["Booked a cut at {V} for Friday.", "{V} was running behind today, waited like twenty minutes."],
    "instrument": ["Practiced {V} for half an hour tonight.", "My {V} teacher cancelled this week."],
}

_PEOPLE_CHAT = [
    "{R} called me for like an hour about nothing.", "{R}'s birthday is coming up, gift ideas under fifty bucks?",
    "{R} sent me the funniest video, I can't stop laughing.", "Having lunch with {R} on <day>.",
    "{R} is stressed about <stress>, I should check in.", "{R} asked me to help with some paperwork this weekend.",
    "Need to call {R} back, I missed it earlier.", "{R} wants to get dinner on <day>, I said maybe.",
]

_NOQ = {"aunt": "F", "uncle": "M", "grandma": "F", "grandpa": "M", "landlord": None, "godmother": "F",
        "stepdad": "M"}
_NOQ_TPL = [
    "My {Q} {N} just moved to {Dhome}, I had no idea.", "My {Q} {N} bought a {Dcar}, of all things.",
    "My {Q} {N} started working at {Demployer}.", "My {Q} {N} adopted a dog named {Ddog}.",
    "My {Q} {N} finally got a {Dphone} and texts me constantly now.",
    "My {Q} {N} is retiring to {Dhome} next year.",
]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n):
    if n < 20:
        return _ONES[n]
    t, o = divmod(n, 10)
    return _TENS[t] + ("" if o == 0 else " " + _ONES[o])


def _num(rng, lo, hi):
    n = rng.randint(lo, hi)
    return _words(n) if rng.random() < 0.5 else str(n)


def _fill(tpl, rng):
    def rep(m):
        key = m.group(1)
        if key == "n":
            return _num(rng, 5, 95)
        if key == "nb":
            return _num(rng, 60, 99) if rng.random() < 0.6 else f"{rng.randint(1, 2)}{rng.randint(0, 9)}{rng.randint(0, 9)}"
        if key == "nl":
            return _num(rng, 6, 25)
        if key == "nsl":
            return _num(rng, 3, 5)
        if key == "ns":
            return _num(rng, 2, 9)
        if key == "price":
            c = rng.randint(2, 4)
            d = rng.randint(10, 99)
            return f"${c}.{d}" if rng.random() < 0.5 else f"{_words(c)} {_words(d)}"
        if key == "day":
            return rng.choice(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
        if key == "item2":
            return rng.choice(["like three", "a whole drawer of them", "plenty", "two at home"])
        return rng.choice(_LISTS[key])
    out = re.sub(r"<(\w+)>", rep, tpl)
    return out[0].upper() + out[1:] if out and out[0].islower() else out


def _lc_first(s):
    if not s or s[0] == "{" or re.match(r"I\b|I'", s):
        return s
    if re.match(r"[A-Z]{2}", s):
        return s
    return s[0].lower() + s[1:]


def _uc_first(s):
    return s[0].upper() + s[1:] if s and s[0].islower() else s


def _voice(tpl, rng, opener=True):
    """Turn a clean message template into something that reads like dictation output.
    Placeholders ({V}, {O}, {R}, ...) are left untouched so values survive intact."""
    toks = tpl.split(" ")
    # a misheard word now and then
    if rng.random() < 0.3:
        cand = [i for i, t in enumerate(toks) if "{" not in t and re.sub(r"[^\w']", "", t) in _HOMO
                and (re.sub(r"[^\w']", "", t) not in _HOMO_COMMON or rng.random() < 0.25)]
        if cand:
            i = rng.choice(cand)
            core = re.sub(r"[^\w']", "", toks[i])
            toks[i] = toks[i].replace(core, _HOMO[core], 1)
    # filler words
    done = set()
    words_used = set()
    for _ in range(rng.choice([0, 0, 0, 1, 1, 1, 2, 2, 3])):
        cand = [i for i in range(len(toks) - 1) if i not in done and "{" not in toks[i]
                and not re.search(r"[.!?]$", toks[i])
                and (toks[i].endswith(",") or toks[i + 1].lower().strip(",") in _FUNC)]
        if not cand:
            break
        i = rng.choice(cand)
        done.add(i)
        w = rng.choice([f for f in _FILLWORDS if f not in words_used])
        words_used.add(w)
        if toks[i].endswith(","):
            toks[i] = toks[i] + " " + w + ","
        else:
            toks[i] = toks[i] + (", " + w + "," if rng.random() < 0.3 else " " + w)
    # stutter
    if rng.random() < 0.12:
        cand = [i for i, t in enumerate(toks) if t.lower() in ("i", "the", "and", "we", "it's", "my", "a")]
        if cand:
            i = rng.choice(cand)
            toks[i] = toks[i] + " " + toks[i].lower() if toks[i] != "I" else "I I"
    text = " ".join(toks)
    style = rng.choices(["clean", "commaless", "nopunct", "runon"], [3, 2, 3, 4])[0]
    sents = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
    if style == "commaless":
        text = " ".join(sents).replace(",", "")
    elif style == "nopunct":
        out = []
        for k, s in enumerate(sents):
            s = re.sub(r"[.,!?;:]+(?=\s|$)", "", s)
            out.append(s if k == 0 else _lc_first(s))
        text = " ".join(out)
    elif style == "runon":
        out = []
        for k, s in enumerate(sents):
            if k < len(sents) - 1:
                s = re.sub(r"[.!?]+$", "", s)
            if rng.random() < 0.5:
                s = s.replace(",", "")
            if k == 0:
                out.append(s)
            else:
                out.append(rng.choice(_CONNECT) + _lc_first(s))
        text = "".join(out)
        if rng.random() < 0.5:
            text = re.sub(r"[.!?]+$", "", text)
    else:
        text = " ".join(sents)
    if opener and rng.random() < 0.35:
        op = rng.choice(_OPENERS)
        if style in ("clean", "commaless"):
            text = _uc_first(op) + (", " if style == "clean" else " ") + _lc_first(text)
        else:
            text = op + " " + _lc_first(text)
    if opener and rng.random() < 0.3:
        cl = rng.choice(_CLOSERS)
        if style == "clean":
            text = (text if re.search(r"[.!?]$", text) else text + ".") + " " + _uc_first(cl) + "."
        else:
            text = text.rstrip(".!? ") + " " + cl
    return text, style


_HOMO_COMMON = {"for", "to", "too", "two", "one", "then", "there", "their", "your", "know", "right"}
_FUNC = {"i", "the", "a", "my", "it", "to", "and", "so", "we", "that", "this", "is", "was", "i'm", "it's",
         "they", "he", "she", "at", "for", "like", "some", "just", "because", "but", "which", "with", "in",
         "on", "if", "when", "how", "what", "since"}


def _fix_articles(text):
    return re.sub(r"\b([Aa]) ((?:um |uh |like )?)(iPhone|F45|8)", lambda m: m.group(1) + "n " + m.group(2) + m.group(3), text)


_STOP = {"um", "uh", "like", "so", "yeah", "okay", "ok", "anyway", "anyways", "hey", "alright", "basically",
         "honestly", "literally", "lol", "i", "mean", "you", "know", "kind", "of", "the", "a", "and", "then",
         "also", "oh", "just"}


class _Dedup:
    """Rejects exact and near duplicates (same words up to punctuation, fillers, one word changed,
    added or removed)."""

    def __init__(self):
        self.seen = set()

    @staticmethod
    def _sigs(text):
        w = [x for x in re.findall(r"[a-z0-9]+", text.lower().replace("'", "")) if x not in _STOP]
        out = {hashlib.blake2b(("F|" + " ".join(w)).encode(), digest_size=8).digest()}
        for i in range(len(w)):
            out.add(hashlib.blake2b(("F|" + " ".join(w[:i] + w[i + 1:])).encode(), digest_size=8).digest())
        return out

    def add(self, text):
        s = self._sigs(text)
        if s & self.seen:
            return False
        self.seen |= s
        return True


def _iso(d, sec):
    t = _dt.datetime(d.year, d.month, d.day, tzinfo=_UTC) + _dt.timedelta(seconds=sec)
    return t.isoformat()


def _day_between(rng, a, b):
    return a + _dt.timedelta(days=rng.randint(0, (b - a).days))


# ---------------------------------------------------------------------------
# generation
# ---------------------------------------------------------------------------

def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"{SPLIT}/user{user}/seed{seed}")
    pools = {k: rng.sample(v, len(v)) for k, v in _POOLS.items()}
    names = {"M": rng.sample(_NAMES_M, len(_NAMES_M)), "F": rng.sample(_NAMES_F, len(_NAMES_F)),
             "N": rng.sample(_NAMES_N, len(_NAMES_N))}
    name_gender = {}
    for g, lst in names.items():
        for n in lst:
            name_gender[n] = g

    def take_name(g=None):
        if g is None:
            g = rng.choices(["M", "F", "N"], [5, 5, 2])[0]
        if not names[g]:
            g = "M" if names["M"] else "F"
        return names[g].pop()

    used_ts = set()

    def stamp(d):
        while True:
            sec = rng.randint(7 * 3600, 23 * 3600 + 59 * 60 + 59)
            key = (d, sec)
            if key not in used_ts:
                used_ts.add(key)
                return (d, sec)

    # ---- the user's chains
    slots = rng.sample(list(_USER_SLOTS), rng.choice([8, 9, 10]))
    partner_pref = rng.choice(["M", "F", "mix"])
    chains = []  # dicts: subject, slot, values, stamps, kind
    for slot in slots:
        n = rng.choice([2, 2, 3, 3, 3, 4])
        if slot == "partner":
            vals = [take_name(None if partner_pref == "mix" else partner_pref) for _ in range(n)]
        else:
            vals = [pools[slot].pop() for _ in range(n)]
        d0 = _day_between(rng, _dt.date(2024, 9, 1), _dt.date(2024, 12, 31))
        later = sorted(rng.sample(range((_dt.date(2025, 9, 29) - _dt.date(2025, 1, 1)).days + 1), n - 1))
        days = [d0] + [_dt.date(2025, 1, 1) + _dt.timedelta(days=x) for x in later]
        chains.append({"subject": "user", "slot": slot, "values": vals, "stamps": [stamp(d) for d in days]})

    # ---- four other people
    rels = rng.sample(list(_RELATIONS), 4)
    people = []
    slot_use = {}
    for rel in rels:
        g, named, excl = _RELATIONS[rel]
        nm = take_name(g) if named else None
        pg = g if g else name_gender[nm]
        phrase = f"my {rel} {nm}" if named else f"my {rel}"
        short = nm if named else f"my {rel}"
        people.append({"rel": rel, "name": nm, "R": phrase, "RN": short, "gender": pg})
        options = [s for s in _OTHER_SLOTS if s not in excl and slot_use.get(s, 0) < 2]
        rng.shuffle(options)
        options.sort(key=lambda s: slot_use.get(s, 0))
        mine = options[:3]
        for s in mine:
            slot_use[s] = slot_use.get(s, 0) + 1
        for s in mine:
            n = rng.choice([1, 2, 2, 3])
            if s == "partner":
                vals = [take_name() for _ in range(n)]
            else:
                vals = [pools[s].pop() for _ in range(n)]
            offs = sorted(rng.sample(range((_dt.date(2025, 9, 29) - _FIRST_DAY).days + 1), n))
            days = [_FIRST_DAY + _dt.timedelta(days=x) for x in offs]
            chains.append({"subject": rel, "slot": s, "values": vals, "stamps": [stamp(d) for d in days],
                           "person": people[-1]})

    # decoys: whatever is left in each pool, never a value
    noq_people = []
    for q in rng.sample(sorted(_NOQ), 4):
        noq_people.append((q, take_name(_NOQ[q])))
    decoy_names = names["M"] + names["F"] + names["N"]
    rng.shuffle(decoy_names)
    decoys = {k: list(v) for k, v in pools.items()}
    decoys["partner"] = decoy_names

    # ---- questions
    questions = []
    for ch in chains:
        vals = ch["values"]
        last = len(vals) - 1
        if ch["subject"] == "user":
            spec = _USER_SLOTS[ch["slot"]]
            qs = rng.sample(spec["q_now"], 2)
            items = [(qs[0], "now", last), (qs[1], "now", last),
                     (rng.choice(spec["q_prev"]), "before", last - 1),
                     (rng.choice(spec["q_2024"]), "before", 0)]
        else:
            p = "the user's " + ch["subject"]
            items = [(rng.choice(_OTHER_Q[ch["slot"]]).format(P=p), "now", last)]
        ch["questions"] = [{"question": q, "subject": ch["subject"], "slot": ch["slot"], "tense": t,
                            "gold": gold, "values": list(vals), "kind": _kind(q)} for q, t, gold in items]

    # ---- drop whole chains if the store is too small
    n_facts = sum(len(c["values"]) for c in chains)
    if n_facts > size:
        others = [c for c in chains if c["subject"] != "user"]
        mine = [c for c in chains if c["subject"] == "user"]
        rng.shuffle(others)
        rng.shuffle(mine)
        order = others + mine
        drop = set()
        for c in order:
            if n_facts <= size:
                break
            drop.add(id(c))
            n_facts -= len(c["values"])
        chains = [c for c in chains if id(c) not in drop]

    dedup = _Dedup()
    memories = []

    def wrapped(tpl, r, pre, post):
        parts = []
        if pre:
            parts.append(_fill(r.choice(_GENERIC), r))
        parts.append(tpl)
        if post:
            parts.append(_fill(r.choice(_GENERIC), r))
        return " ".join(p if re.search(r"[.!?]$", p) else p + "." for p in parts)

    # ---- fact memories
    for ch in chains:
        vals = ch["values"]
        if ch["subject"] == "user":
            spec = _USER_SLOTS[ch["slot"]]
            firsts = rng.sample(spec["first"], len(spec["first"]))
            changes = rng.sample(spec["change"], len(spec["change"]))
            person = None
        else:
            spec = _OTHER_SLOTS[ch["slot"]]
            firsts = rng.sample(spec["first"], len(spec["first"]))
            changes = rng.sample(spec["change"], len(spec["change"]))
            person = ch["person"]
        for idx, v in enumerate(vals):
            pool = firsts if idx == 0 else changes
            old = vals[idx - 1] if idx else ""
            fmt = {"V": v, "O": old, "bf": _PARTNER_WORD.get(name_gender.get(v, "N"), "partner")}
            if person:
                fmt["R"] = person["R"]
                fmt["RN"] = person["RN"]
            content = None
            for attempt in range(60):
                tpl = pool[(attempt) % len(pool)]
                if attempt >= len(pool):
                    tpl = rng.choice(pool)
                pre = rng.random() < (0.3 if attempt < 20 else 0.8)
                post = rng.random() < (0.3 if attempt < 20 else 0.8)
                raw = wrapped(tpl, rng, pre, post)
                text, style = _voice(raw, rng)
                text = _fix_articles(text.format(**fmt))
                if style in ("clean", "commaless"):
                    text = re.sub(r"([.!?] )my\b", r"\1My", _uc_first(text))
                if len(text) > 400:
                    continue
                if dedup.add(text):
                    content = text
                    pool.remove(tpl)
                    if not pool:
                        pool.extend(spec["first"] if idx == 0 else spec["change"])
                    break
            assert content is not None, "could not place fact"
            d, sec = ch["stamps"][idx]
            memories.append({"content": content, "created": _iso(d, sec),
                             "fact": {"subject": ch["subject"], "slot": ch["slot"], "index": idx, "value": v},
                             "_t": (d, sec)})

    # ---- filler
    n_fill = size - len(memories)
    user_chains = [c for c in chains if c["subject"] == "user"]
    all_user_slots = slots  # topic talk follows the person's life even if a chain got dropped
    people_left = people

    def current(ch, t):
        cur = None
        for i, st in enumerate(ch["stamps"]):
            if st < t:
                cur = i
        return cur

    cats = ["generic", "generic2", "generic3", "topic", "decoy", "passing", "people", "noq"]
    weights = [30, 22, 6, 15, 11, 6, 5, 5]
    for _ in range(n_fill):
        d = _day_between(rng, _FIRST_DAY, _LAST_DAY)
        t = stamp(d)
        content = None
        for attempt in range(400):
            cat = rng.choices(cats, weights)[0]
            fmt = {}
            if cat == "generic":
                a, b = rng.sample(_GENERIC, 2)
                raw = _fill(a, rng)
                if rng.random() < 0.5:
                    raw = raw + " " + _fill(b, rng)
            elif cat == "generic2":
                a, b = rng.sample(_GENERIC, 2)
                raw = _fill(a, rng) + " " + _fill(b, rng)
            elif cat == "generic3":
                a, b, c = rng.sample(_GENERIC, 3)
                raw = _fill(a, rng) + " " + _fill(b, rng) + " " + _fill(c, rng)
            elif cat == "topic":
                s = rng.choice(all_user_slots)
                raw = _fill(rng.choice(_TOPIC[s]), rng)
                if rng.random() < 0.6:
                    g = _fill(rng.choice(_GENERIC), rng)
                    raw = (raw + " " + g) if rng.random() < 0.5 else (g + " " + raw)
            elif cat == "decoy":
                s = rng.choice(list(_DECOY))
                if not decoys.get(s):
                    continue
                fmt["D"] = rng.choice(decoys[s])
                raw = _fill(rng.choice(_DECOY[s]), rng)
                if rng.random() < 0.4:
                    raw = raw + " " + _fill(rng.choice(_GENERIC), rng)
            elif cat == "passing":
                live = [(c, current(c, t)) for c in user_chains]
                live = [(c, i) for c, i in live if i is not None]
                if not live:
                    continue
                c, i = rng.choice(live)
                fmt["V"] = c["values"][i]
                raw = _fill(rng.choice(_PASSING[c["slot"]]), rng)
                if rng.random() < 0.5:
                    raw = raw + " " + _fill(rng.choice(_GENERIC), rng)
            elif cat == "people":
                p = rng.choice(people_left)
                fmt["R"] = p["R"]
                raw = _fill(rng.choice(_PEOPLE_CHAT), rng)
                if rng.random() < 0.5:
                    raw = raw + " " + _fill(rng.choice(_GENERIC), rng)
            else:  # noq: facts about people nobody asks about, using decoy values only
                fmt["Q"], fmt["N"] = rng.choice(noq_people)
                for s in ("home", "car", "employer", "dog", "phone"):
                    fmt["D" + s] = rng.choice(decoys[s])
                raw = _fill(rng.choice(_NOQ_TPL), rng)
                if rng.random() < 0.4:
                    raw = raw + " " + _fill(rng.choice(_GENERIC), rng)
            text, style = _voice(raw, rng)
            text = _fix_articles(text.format(**fmt))
            if style in ("clean", "commaless"):
                text = re.sub(r"([.!?] )my\b", r"\1My", _uc_first(text))
            if len(text) > 400:
                continue
            if dedup.add(text):
                content = text
                break
        assert content is not None, "filler space exhausted"
        memories.append({"content": content, "created": _iso(*t), "_t": t})

    memories.sort(key=lambda m: m["_t"])
    for m in memories:
        del m["_t"]
    questions = [q for c in chains for q in c["questions"]]
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW, "memories": memories, "questions": questions}


# ---------------------------------------------------------------------------
# self check
# ---------------------------------------------------------------------------

def _check(data, size):
    mems = data["memories"]
    assert data["split"] == SPLIT and data["now"] == NOW
    assert len(mems) == size, (len(mems), size)
    created = [m["created"] for m in mems]
    assert created == sorted(created), "not sorted"
    assert len(set(created)) == len(created), "duplicate created"
    lo = _dt.datetime(2024, 9, 1, tzinfo=_UTC)
    hi = _dt.datetime(2025, 9, 30, 23, 59, 59, tzinfo=_UTC)
    for c in created:
        assert c.endswith("+00:00")
        t = _dt.datetime.fromisoformat(c)
        assert lo <= t <= hi, c
    contents = [m["content"] for m in mems]
    assert len(set(contents)) == len(contents), "duplicate content"
    dd = _Dedup()
    for c in contents:
        assert c.strip() and len(c) <= 400, c
        assert dd.add(c), "near duplicate: " + c
    # chains
    chains = {}
    for m in mems:
        f = m.get("fact")
        if f:
            chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], m))
    user_vals = {}
    for (subj, slot), items in chains.items():
        items.sort(key=lambda x: x[0])
        assert [i for i, _, _ in items] == list(range(len(items))), (subj, slot)
        times = [x[2]["created"] for x in items]
        assert times == sorted(times)
        vals = [v for _, v, _ in items]
        assert len(set(vals)) == len(vals)
        for _, v, m in items:
            assert v.lower() in m["content"].lower(), (v, m["content"])
            if subj != "user":
                assert subj in m["content"].lower(), (subj, m["content"])
        if subj == "user":
            assert 2 <= len(items) <= 4
            assert times[0] < "2025-01-01" and all(t >= "2025-01-01" for t in times[1:])
            user_vals[slot] = set(vals)
        else:
            assert 1 <= len(items) <= 3
    user_slots = [s for (subj, s) in chains if subj == "user"]
    others = {}
    for (subj, s), items in chains.items():
        if subj != "user":
            others.setdefault(subj, []).append(s)
            assert not (set(v for _, v, _ in items) & user_vals.get(s, set())), (subj, s)
    if size >= 1000:
        assert 8 <= len(user_slots) <= 10, user_slots
        assert len(others) == 4 and all(len(v) == 3 for v in others.values()), others
    # values never appear in filler except as passing mention of the user's current value
    all_vals = {}
    for (subj, s), items in chains.items():
        for i, v, m in items:
            all_vals[v] = (subj, s, i, m["created"], items)
    pats = {v: re.compile(r"(?<![\w])" + re.escape(v) + r"(?![\w])", re.I) for v in all_vals}
    for m in mems:
        if "fact" in m:
            f = m["fact"]
            own = [x[1] for x in chains[(f["subject"], f["slot"])][: f["index"] + 1]]
            for v, p in pats.items():
                if v not in own and p.search(m["content"]):
                    raise AssertionError(("foreign value in fact memory", v, m["content"]))
            continue
        for v, p in pats.items():
            if p.search(m["content"]):
                subj, s, i, t0, items = all_vals[v]
                assert subj == "user", ("other person's value in filler", v, m["content"])
                assert t0 < m["created"], ("mention before statement", v, m["content"])
                assert i + 1 >= len(items) or m["created"] < items[i + 1][2]["created"], \
                    ("stale value mentioned as current", v, m["content"])
    # questions
    qs = data["questions"]
    per = {}
    for q in qs:
        assert q["kind"] == _kind(q["question"])
        key = (q["subject"], q["slot"])
        assert key in chains, key
        vals = [v for _, v, _ in chains[key]]
        assert q["values"] == vals
        per.setdefault(key, []).append(q)
        if q["tense"] == "now":
            assert q["gold"] == len(vals) - 1
            assert q["kind"] in ("now", "currently", "these days", "plain"), q
        else:
            assert q["tense"] == "before"
            if "2024" in q["question"]:
                assert q["gold"] == 0 and q["kind"] == "in 2024", q
            else:
                assert q["gold"] == len(vals) - 2 and q["kind"] in ("before", "used to"), q
        if q["subject"] != "user":
            assert "the user's " + q["subject"] in q["question"]
    for key in chains:
        got = per.get(key, [])
        if key[0] == "user":
            tenses = sorted((q["tense"], "2024" in q["question"]) for q in got)
            assert tenses == [("before", False), ("before", True), ("now", False), ("now", False)], (key, tenses)
            assert got[0]["question"] != got[1]["question"]
        else:
            assert len(got) == 1 and got[0]["tense"] == "now"


def self_check() -> None:
    import time
    for size in (1000, 100):
        for u in range(4):
            a = generate(size, u)
            _check(a, size)
            assert a == generate(size, u), "not deterministic"
    assert generate(1000, 0, 1) != generate(1000, 0, 0)
    for size in (10, 30, 60):
        _check(generate(size, 2), size)
    t = time.time()
    big = generate(10000, 0)
    _check(big, 10000)
    print(f"size 10000 ok in {time.time() - t:.1f}s")


if __name__ == "__main__":
    import time
    t0 = time.time()
    self_check()
    print(f"self_check passed ({time.time() - t0:.1f}s)")
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(len(d["memories"]), "memories,", len(facts), "facts,", len(d["questions"]), "questions")
    for m in facts[:25]:
        print(m["created"][:10], m["fact"]["subject"], m["fact"]["slot"], m["fact"]["index"], "|", m["content"])
    print("---")
    rr = random.Random(5)
    for m in rr.sample([m for m in d["memories"] if "fact" not in m], 15):
        print(m["created"][:10], "|", m["content"])
    print("---")
    for q in d["questions"][:10]:
        print(q["tense"], q["kind"], q["gold"], q["values"], "|", q["question"])
