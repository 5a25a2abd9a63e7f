"""Knowledge-update set blind13: a diary, life events told as stories.

Written by a helper session on 2026-12-02 that read none of the project's code, benches, tests or other
sets (only the data format it was given). Held out: measured at ae90c2e (before this session's work) and at
the end of the session only; nobody has read its misses or its templates.

    python3 bench/knowledge_updates.py --split blind13 --mode library

The author's own description:
blind13 -- "dear diary" knowledge-update data: the user journals to their AI agent each evening.
Theme: first-person diary entries (dates, moods, British spelling, slang); facts change via life
stories: breakup + new partner, job offer, move when a lease ends, broken phone, rescue cat,
gym -> bouldering wall, car sold for a bike/another car, bank switch.
User slots (chains of 2-4): partner, employer, home, phone, pet (cat), gym, vehicle, bank.
First values told Sep-Nov 2024; changes Jan-Sep 2025, told as old+new in one sentence, new value
with a change word, new value with no change word, or an unlabelled "end of old" entry first.
People: 4 of brother/sister/cousin/best friend/mum/dad, 3 slots each, 1-2 values never held by user.
Filler: Sep 2024..Sep 2025 (moods, weather, cooking, films, chores, generic slot words, decoy brands).
"""

import random
import re
from datetime import datetime, timedelta, timezone

SPLIT = "blind13"
UTC = timezone.utc
NOW_ISO = "2025-10-01T09:00:00+00:00"
FILLER_START = datetime(2024, 9, 1, tzinfo=UTC)
FILLER_DAYS = 395  # 2024-09-01 .. 2025-09-30

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]

# --------------------------------------------------------------------------
# value pools
# --------------------------------------------------------------------------
PARTNERS = [("Tom", "he"), ("Daniel", "he"), ("Leo", "he"), ("Jonas", "he"),
            ("Marcus", "he"), ("Rory", "he"), ("Theo", "he"), ("Oliver", "he"),
            ("Mateo", "he"), ("Ethan", "he"), ("Callum", "he"), ("Noah", "he"),
            ("Chloe", "she"), ("Maya", "she"), ("Hannah", "she"), ("Elena", "she"),
            ("Aisha", "she"), ("Freya", "she"), ("Nina", "she"), ("Zoe", "she"),
            ("Isla", "she"), ("Amara", "she"), ("Lena", "she"), ("Ruby", "she")]
PARTNER_PRON = dict(PARTNERS)

EMPLOYERS = ["Accenture", "Shopify", "Spotify", "Deloitte", "Amazon", "Stripe",
             "Microsoft", "Unilever", "Ocado", "Deliveroo", "Salesforce", "IBM",
             "PwC", "Canva", "Atlassian", "Zalando", "Booking.com", "Google",
             "Airbnb", "Adobe", "Bloomberg", "Siemens", "KPMG", "Dyson"]

CITIES = ["Manchester", "Bristol", "Leeds", "Glasgow", "Edinburgh", "Brighton",
          "London", "Birmingham", "Sheffield", "Liverpool", "Nottingham", "Cardiff",
          "Dublin", "Lisbon", "Berlin", "Amsterdam", "Barcelona", "Toronto"]

PHONES = ["iPhone 12", "iPhone 13 mini", "iPhone 14 Pro", "iPhone 15", "iPhone 16 Pro",
          "Pixel 7a", "Pixel 8 Pro", "Pixel 9", "Galaxy S23", "Galaxy S24 Ultra",
          "Galaxy A54", "OnePlus 12", "Nothing Phone 2", "Fairphone 5", "Xiaomi 14",
          "Motorola Edge 40"]

PETS = ["Pepper", "Miso", "Luna", "Mochi", "Biscuit", "Tofu", "Olive", "Ziggy",
        "Noodle", "Pickle", "Juniper", "Marmalade", "Willow", "Clementine", "Bagel",
        "Fig", "Pumpkin", "Smudge", "Rolo", "Murphy", "Poppy", "Archie", "Teddy",
        "Bonnie", "Waffles"]

GYMS_REGULAR = ["PureGym", "The Gym Group", "Anytime Fitness", "Virgin Active",
                "Third Space", "David Lloyd", "Gymbox", "Nuffield Health",
                "Everlast Gyms", "Snap Fitness", "Basic-Fit", "F45"]
GYMS_CLIMB = ["The Climbing Hangar", "Depot Climbing", "Yonder", "The Arch Climbing Wall",
              "Mile End Climbing Wall", "The Climbing Works", "Rockover Climbing",
              "Boulder World", "The Castle Climbing Centre", "Awesome Walls",
              "Big Rock Climbing", "Parthian Climbing"]
GYMS = GYMS_REGULAR + GYMS_CLIMB
GYM_TYPE = {g: "gym" for g in GYMS_REGULAR}
GYM_TYPE.update({g: "climb" for g in GYMS_CLIMB})

CARS = ["Toyota Corolla", "Honda Civic", "VW Golf", "Ford Fiesta", "Kia Niro",
        "Tesla Model 3", "Renault Clio", "Vauxhall Corsa", "Nissan Leaf",
        "Skoda Octavia", "Mini Cooper", "Fiat 500", "Volvo XC40", "Hyundai Kona",
        "Mazda MX-5"]
BIKES = ["Brompton", "Specialized Sirrus", "Trek FX 3", "Cannondale Quick",
         "VanMoof S3", "Giant Escape", "Ribble CGR", "Tern GSD"]
VEHICLES = CARS + BIKES
VEH_TYPE = {c: "car" for c in CARS}
VEH_TYPE.update({b: "bike" for b in BIKES})

BANKS = ["Barclays", "HSBC", "Lloyds", "NatWest", "Santander", "Monzo", "Starling",
         "Revolut", "Nationwide", "Halifax", "TSB", "first direct", "Chase", "N26",
         "Metro Bank"]

POOLS = {"partner": [p for p, _ in PARTNERS], "employer": EMPLOYERS, "home": CITIES,
         "phone": PHONES, "pet": PETS, "gym": GYMS, "vehicle": VEHICLES, "bank": BANKS}
USER_SLOTS = ["partner", "employer", "home", "phone", "pet", "gym", "vehicle", "bank"]

SHORT = {"Toyota Corolla": "Corolla", "Honda Civic": "Civic", "VW Golf": "Golf",
         "Ford Fiesta": "Fiesta", "Kia Niro": "Niro", "Tesla Model 3": "Model 3",
         "Renault Clio": "Clio", "Vauxhall Corsa": "Corsa", "Nissan Leaf": "Leaf",
         "Skoda Octavia": "Octavia", "Mini Cooper": "Mini", "Fiat 500": "Fiat",
         "Volvo XC40": "Volvo", "Hyundai Kona": "Kona", "Mazda MX-5": "MX-5",
         "Specialized Sirrus": "Sirrus", "Trek FX 3": "Trek", "Cannondale Quick": "Cannondale",
         "VanMoof S3": "VanMoof", "Giant Escape": "Giant", "Ribble CGR": "Ribble",
         "Tern GSD": "Tern",
         "iPhone 12": "iPhone", "iPhone 13 mini": "iPhone", "iPhone 14 Pro": "iPhone",
         "iPhone 15": "iPhone", "iPhone 16 Pro": "iPhone", "Pixel 7a": "Pixel",
         "Pixel 8 Pro": "Pixel", "Pixel 9": "Pixel", "Galaxy S23": "Samsung",
         "Galaxy S24 Ultra": "Samsung", "Galaxy A54": "Samsung", "OnePlus 12": "OnePlus",
         "Nothing Phone 2": "Nothing", "Fairphone 5": "Fairphone", "Xiaomi 14": "Xiaomi",
         "Motorola Edge 40": "Moto",
         "The Gym Group": "Gym Group", "Anytime Fitness": "Anytime", "Virgin Active": "Virgin",
         "Nuffield Health": "Nuffield", "Everlast Gyms": "Everlast", "Snap Fitness": "Snap"}

PEOPLE = {
    "brother": [("Sam", "he"), ("Josh", "he"), ("Ryan", "he"), ("Jack", "he"), ("Ben", "he"), ("Alfie", "he")],
    "sister": [("Becky", "she"), ("Lauren", "she"), ("Gemma", "she"), ("Sophie", "she"), ("Ellie", "she"), ("Kate", "she")],
    "cousin": [("Jamie", "he"), ("Robyn", "she"), ("Connor", "he"), ("Megan", "she")],
    "best friend": [("Jess", "she"), ("Kiran", "he"), ("Lottie", "she"), ("Dev", "he"), ("Priya", "she")],
    "mum": [("Carol", "she"), ("Linda", "she"), ("Helen", "she"), ("Janet", "she")],
    "dad": [("Steve", "he"), ("Martin", "he"), ("Paul", "he"), ("Graham", "he")],
}
OTHER_SLOTS = ["employer", "home", "phone", "vehicle", "pet", "partner", "gym", "bank"]

FRIENDS = ["Kemi", "Hugo", "Fatima", "Bea", "Niamh", "Raj", "Marta", "Olu", "Tash",
           "Ines", "Ciara", "Femi", "Lotte", "Yusuf", "Georgie", "Arjun", "Maddie",
           "Imogen", "Tariq", "Esme", "Rhys", "Saoirse"]

# decoy-only extras (never used as chain values)
EXTRA_CITIES = ["Rome", "Kyoto", "Paris", "Copenhagen", "Vienna", "Prague", "Seville",
                "New York", "Melbourne", "Reykjavik", "Porto", "Budapest", "Krakow", "Oslo"]
EXTRA_COMPANIES = ["Apple", "Netflix", "Nike", "Tesco", "Sainsbury's", "Uber", "OpenAI",
                   "Nvidia", "Boots", "Primark"]
EXTRA_PHONES = ["Galaxy Z Flip 6", "iPhone SE", "Pixel Fold", "Nokia 3310"]
EXTRA_CARS = ["Land Rover Defender", "Porsche 911", "VW camper van", "Lamborghini Urus",
              "Citroen 2CV"]
EXTRA_GYMS = ["Barry's", "Equinox", "Crunch Fitness", "1Rebel"]
EXTRA_BANKS = ["Coutts", "Triodos", "Virgin Money", "Bank of Scotland"]
BANDS = ["Fontaines D.C.", "Wet Leg", "Arctic Monkeys", "Taylor Swift", "Radiohead",
         "Self Esteem", "Little Simz", "boygenius", "Khruangbin", "Fleetwood Mac",
         "Blur", "Florence + the Machine", "The National", "Sza", "Bicep", "IDLES"]


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def _pron(p):
    if p == "he":
        return {"he": "he", "him": "him", "his": "his", "He": "He", "His": "His"}
    return {"he": "she", "him": "her", "his": "her", "He": "She", "His": "Her"}


def _cap(s):
    return s[:1].upper() + s[1:] if s else s


def _iso(dt):
    return dt.isoformat()


def _header(r, dt):
    wd = WEEKDAYS[dt.weekday()]
    mo = MONTHS[dt.month - 1]
    opts = [
        f"{wd} {dt.day} {mo[:3]}.",
        f"{dt.day}/{dt.month:02d} -",
        f"{mo[:3]} {dt.day}:",
        f"{wd} night.",
        f"{wd}.",
        "Dear diary,",
        f"{dt.day} {mo} {dt.year}.",
        "Evening check-in:",
        f"{wd[:3]} {dt.day} {mo[:3]} -",
        "Quick one tonight.",
    ]
    return r.choice(opts)


FACT_TAILS = [
    "Anyway. Bed.", "Night, diary.", "ngl I'm buzzing.", "Knackered.", "Grateful, mostly.",
    "Big feelings today.", "Still processing tbh.", "Life, eh.", "More tomorrow.",
    "Going to sleep on it.", "Honestly? Good day.", "Weird week.", "Lowkey emotional about it.",
    "Had a cup of tea and stared at the wall for a bit after.",
    "Called Nan after and she said 'well, that's life, love', which helped more than it should have.",
    "The rest of the day was laundry and a frozen pizza, so balance restored.",
    "It rained the whole time, obviously.",
    "Wrote this in bed with the window open, the street was weirdly quiet.",
    "Feels like a proper chapter change.", "Vibes: cautiously optimistic.",
]


def _needs_an(v):
    if v[:2].isupper() or (len(v) <= 4 and v.isupper()):
        return v[0] in "AEFHILMNORSX"
    lv = v.lower()
    if lv.startswith(("one", "uni", "eu")):
        return False
    return lv[0] in "aeiou"


def _fmt(template, kw):
    text = template.format(**kw)
    for key in ("v", "o", "os"):
        v = kw.get(key)
        if v and _needs_an(v):
            text = re.sub(r"\b([Aa]) (?=" + re.escape(v) + r"\b)", lambda m: m.group(1) + "n ", text)
    return text


def _decorate(r, dt, text, p_header=0.35, p_tail=0.3):
    text = _cap(text)
    if r.random() < p_tail:
        text = text + " " + r.choice(FACT_TAILS)
    if r.random() < p_header:
        text = _header(r, dt) + " " + text
    return text


# --------------------------------------------------------------------------
# user-voice templates.  {v}=new value, {o}=old value, {os}=old short form,
# {he}/{him}/{his}/{He} pronouns of new value, {ohe}/{ohim}/{ohis} of old.
# --------------------------------------------------------------------------
U = {}
U["partner"] = {
    "intro": [
        "{v} cooked me dinner tonight, that mushroom risotto {he} does, and I felt really looked after. Two years together and {he} still gets me.",
        "Movie night on the sofa with my {ptitle} {v}. {He} fell asleep twenty minutes in, as usual.",
        "{v} surprised me with gig tickets for our anniversary. Love {him} to bits.",
        "Rubbish day but {v} picked me up from the station with a coffee. My {ptitle} is the best.",
        "Bickered with {v} about whose turn it is to do the bins. We're fine. Couple stuff.",
    ],
    "pre": [
        "Matched with {v} on Hinge. We've been messaging all evening and I'm grinning at my phone like an idiot.",
        "Met someone called {v} at Kemi's birthday drinks. We talked for about three hours by the crisps. Probably nothing. Probably.",
        "First date with {v} tonight - a wine bar, then a long walk. Not going to overthink it. (I am overthinking it.)",
        "{v} texted good morning again. It's been a week of good mornings. Trying to stay chill.",
    ],
    "end": [
        "{o} and I broke up tonight. I don't really know what to write, I just feel empty.",
        "It's over with {o}. We both saw it coming but it still hurts like hell.",
        "{o} came round to collect {ohis} stuff today. The flat echoes now. Ate cereal for dinner.",
        "Called it off with {o}. Cried down the phone to Niamh for an hour and she just let me.",
    ],
    "both": [
        "Not long ago I was crying over {os}, and tonight I'm officially with {v}. Didn't see that coming.",
        "Mum asked if I'm still with {os}. Had to explain that's ancient history - I'm with {v} now.",
        "Deleted the last photos of {os} from my camera roll. {v} is my {ptitle} now and I don't need the ghosts.",
        "From breaking up with {os} in the cold to falling for {v} - we made it official tonight.",
    ],
    "change": [
        "{v} and I are official! {He} asked me to be {his} partner over pancakes and I said yes with my mouth full.",
        "New relationship, who dis. {v} is my {ptitle} now and I'm annoyingly happy about it.",
        "Had The Talk with {v} tonight. We're together-together now. Giddy.",
        "So it's official: I'm seeing {v}. Told the group chat and they screamed.",
    ],
    "implicit": [
        "{v} stayed over again and made the good coffee. I could get used to waking up next to {him}.",
        "Lazy Sunday with {v}: crossword, croissants and {his} terrible playlist. My {ptitle} is a menace and I adore {him}.",
        "Date night with {v} - tapas, too much wine, holding hands on the bus home. Properly smitten.",
        "{v} met my parents today and charmed them completely. Dad won't stop talking about {him}.",
    ],
}
U["employer"] = {
    "intro": [
        "Another long day at {v}. The quarterly review is eating my life.",
        "Team drinks with the {v} lot tonight. My manager did karaoke, which was a choice.",
        "Three years at {v} this month. They got me a cake with my name spelt wrong.",
        "Commute to the {v} office was grim in the rain. Work is fine, I guess. Just fine.",
    ],
    "pre": [
        "Had a first-round interview with {v} today. I think it went well? They laughed at my jokes.",
        "A recruiter from {v} messaged me on LinkedIn. Said I'd think about it. I am thinking about it a lot.",
        "Final-stage interview at {v}: four hours, one whiteboard, zero lunch. Knackered.",
        "Spent the evening prepping for the {v} interview instead of watching telly.",
    ],
    "end": [
        "Handed in my notice at {o} today. My hands were shaking when I hit send.",
        "Last day at {o}. Cleared my desk, hugged people I'll probably never see again, cried a bit in the lift.",
        "Told my manager at {o} I'm leaving. She was gracious about it, which somehow made it worse.",
        "Leaving drinks for me at the pub near the {o} office. Strange saying goodbye to everyone.",
    ],
    "both": [
        "Left {o} and today was my first day at {v}. New laptop, new badge, new everything.",
        "Traded {o} for {v} - started this morning. Still can't quite believe it.",
        "Going from {o} to {v} feels like swapping a tanker for a speedboat. First week done.",
        "Started at {v} on Monday, so that's me done with {o}. Onwards.",
    ],
    "change": [
        "First week at {v} done! Brain full, feet sore, heart happy.",
        "Signed the offer from {v} and started today. New job, new me (same anxiety).",
        "New job at {v} officially started today. Got lost looking for the loos twice.",
        "Onboarding at {v} all week since I joined. Everyone is terrifyingly competent.",
    ],
    "implicit": [
        "Lunch with the team at {v} was fun - we went to the ramen place and argued about football.",
        "Stayed late at {v} finishing a deck. My team lead bought everyone pizza, so not all bad.",
        "Badge wouldn't work at the {v} office this morning so I had to tailgate a colleague. Glamorous.",
        "All-hands at {v} today. The CEO said 'synergy' eleven times. I counted.",
    ],
}
U["home"] = {
    "intro": [
        "Rain again in {v}. Walked home from the bus soaked to the bone. Hot bath, early night.",
        "Love autumn in {v} - the trees on my street are going all orange and gold.",
        "My little flat in {v} is freezing tonight. Landlord still hasn't fixed the boiler.",
        "Been living in {v} three years now and I still find new cafés every week.",
    ],
    "pre": [
        "Lease on my place ends soon. Spent the evening scrolling flat listings in {v}.",
        "Viewed two flats in {v} today. One had a lovely bay window, the other had a smell.",
        "Put down a holding deposit on a place in {v}. Terrifying and exciting in equal measure.",
    ],
    "end": [
        "The lease is up. Handed the keys back to the landlord in {o} today and stood in the empty flat for a minute.",
        "Last night in {o}. Boxes everywhere, eating chips off a cardboard box.",
        "Said goodbye to {o}: one last walk round the old neighbourhood and a pint at the local.",
    ],
    "both": [
        "Moved from {o} to {v} this weekend. My back hurts and I have no idea which box the kettle is in.",
        "The lease in {o} ended, so here I am: first night in my new place in {v}.",
        "Swapped {o} for {v} - the new flat is smaller but the light is gorgeous.",
    ],
    "change": [
        "First night in the new flat in {v}! Slept on a mattress on the floor and loved it.",
        "Officially a {v} resident now - registered with a doctor and everything.",
        "Moved to {v} at last. The neighbours brought round biscuits. Already feels like home.",
    ],
    "implicit": [
        "Sunday in {v}: hoovered the flat, watered the plants, got a takeaway from the place on my road.",
        "Walked home through {v} after work. This city is beautiful at dusk.",
        "Found the best bakery round the corner from my place in {v}. Dangerous.",
        "Bus home in {v} took forever tonight, but the view from my window made up for it.",
    ],
}
U["phone"] = {
    "intro": [
        "My {v} is on 12% at 4pm again. This battery is knackered.",
        "Took a gorgeous photo of the sunset on my {v}. Set it as my lock screen.",
        "Cracked the screen protector on my {v} - just the protector, thank god.",
        "Three years with this {v} and it's still going strong.",
    ],
    "pre": [
        "Eyeing up the {v} online. Too expensive. Keep looking anyway.",
        "Played with a {v} in the shop today. The camera is silly good.",
        "Read three reviews of the {v} in bed instead of sleeping.",
    ],
    "end": [
        "Dropped my {o} down the stairs at the station. Screen is a spiderweb and it won't turn on. Gutted.",
        "My {o} finally died - won't charge, won't boot, nothing. Writing this on my old tablet.",
        "Phone went in the bath. RIP {o}. The rice did nothing.",
    ],
    "both": [
        "Replaced the smashed {o} with a {v}. Moving all my photos over took the whole evening.",
        "Traded in my old {os} for a {v}. It's so fast I feel like I'm cheating.",
        "Finally upgraded from my {o} to a {v}!",
    ],
    "change": [
        "New phone day! Got the {v} and spent hours setting it up.",
        "Picked up my new {v} from the shop. Still has that new-phone smell.",
        "Upgraded to the {v} - the battery lasts all day, what a concept.",
    ],
    "implicit": [
        "Took some lovely night shots on my {v} - the camera is unreal.",
        "Made a time-lapse of the clouds with my {v}. I'm obsessed.",
        "My {v} told me my screen time is six hours a day. Ignoring that.",
    ],
}
U["pet"] = {
    "intro": [
        "{v} knocked a glass off the counter at 3am and looked me dead in the eye. My cat is a criminal.",
        "{v} has decided my laptop is {his} bed. Working from the sofa with a cat on the keyboard.",
        "Took {v} to the vet for {his} jabs. Screamed the whole way in the carrier. Dramatic cat.",
        "Came home to my cat {v} asleep in the laundry basket. Best part of my day, honestly.",
    ],
    "pre": [
        "Visited the cat rescue today just to look. There's a shy tabby there called {v}. Just looking. Definitely just looking.",
        "Filled in the adoption form for {v} at the shelter. Home visit next week!",
        "Can't stop thinking about {v}, the one-eyed rescue cat I met on Saturday.",
    ],
    "end": [
        "Had to say goodbye to {o} today. Short illness, went peacefully at the vet. I'm a wreck.",
        "{o} has gone to live with my aunt in the countryside where {ohe} can roam. Best for {ohim}, worst for me.",
        "Said goodbye to {o}. The vet said it was time. The flat is far too quiet.",
    ],
    "both": [
        "Adopted a rescue cat called {v}. Nothing will replace {o}, but my heart feels less empty.",
        "It's been a while since {o}, and today I brought home {v} from the rescue centre.",
    ],
    "change": [
        "Brought {v} home from the rescue today! Hid under the bed for six hours and then demanded dinner.",
        "Meet {v}: newly adopted rescue cat, ginger, very opinionated. Mine now.",
        "Adoption papers signed - {v} is officially my cat.",
    ],
    "implicit": [
        "{v} slept on my chest all night, purring like a tiny engine.",
        "Bought {v} a cardboard scratcher. {He} ignored it and scratched the sofa. Cats.",
        "Woke up to {v} sitting on my face demanding breakfast at 5:30.",
    ],
}
U["gym"] = {
    "intro": [
        "Leg day at {v}. Can barely walk down the stairs. Worth it?",
        "{v} was rammed tonight - queued ten minutes for a squat rack.",
        "Renewed my membership at {v} for another year. Commitment!",
        "6am spin class at {v}. Who even am I.",
    ],
    "pre_climb": [
        "Kemi dragged me to a taster session at {v}. Fell off every wall and loved it.",
        "Watched people boulder at {v} for an hour. It looks like puzzle-solving with your whole body.",
        "Booked a bouldering induction at {v} for Saturday. Nervous.",
    ],
    "pre_gym": [
        "Got a free day pass for {v}. The changing rooms are nicer than my flat.",
        "Had a look round {v} on my lunch break. Shiny.",
    ],
    "end_gym": [
        "Cancelled my membership at {o} today. Paying for a gym I never go to is a special kind of sadness.",
        "Last session at {o}. I'm bored of the treadmill, honestly.",
        "Froze and then cancelled {o}. Goodbye, overpriced smoothie bar.",
    ],
    "end_climb": [
        "Cancelled my membership at {o} today. The walls haven't been reset in weeks and I'm bored.",
        "Last session at {o}. Said bye to the regulars and nicked one last look at my project.",
    ],
    "both_climb": [
        "Ditched {o} for {v}. So much more fun than counting reps.",
        "Switched from {o} to {v} and I've never been this sore.",
        "Swapped my membership at {os} for one at {v}. Zero regrets.",
    ],
    "both_gym": [
        "Switched from {o} to {v} - cheaper, closer, and the showers actually work.",
        "Swapped my membership at {os} for one at {v}. Zero regrets.",
    ],
    "change_climb": [
        "Joined {v}! Got my membership card and did my first proper bouldering session.",
        "New membership at {v} as of today. Bouldering era begins.",
        "Signed up at {v} - monthly pass, chalk bag, the lot.",
    ],
    "change_gym": [
        "Joined {v} today. New gym, new playlist, same wobbly legs.",
        "Signed up at {v} - the induction guy was terrifyingly enthusiastic.",
    ],
    "implicit_climb": [
        "Sent my first V3 at {v} tonight. Forearms destroyed, ego inflated.",
        "Three sessions at {v} this week. The regulars are starting to nod at me.",
        "Fell off the same overhang at {v} nine times tonight. Tomorrow, it's mine.",
    ],
    "implicit_gym": [
        "Deadlift PB at {v} tonight! Did a little dance by the mirrors.",
        "Booked my usual Thursday class at {v}. The instructor remembers my name now.",
    ],
}
U["vehicle"] = {
    "intro": [
        "Took the {v} in for its MOT. Passed, somehow.",
        "Drove the {v} up to the coast with the windows down. Best hour of my week.",
        "The {v} needs new tyres. Of course it does. Payday is a week away.",
        "Scraped ice off the {v} this morning in the dark. Winter is coming.",
    ],
    "pre_car": [
        "Test-drove a {v} today. Very smooth, very quiet, very possibly out of my budget.",
        "Looking at second-hand {v} listings instead of working.",
    ],
    "pre_bike": [
        "Borrowed Hugo's {v} for a spin round the park. Could I be a bike person?",
        "Went to the bike shop to look at a {v}. Just looking.",
    ],
    "end_car": [
        "Sold the {o} today. Some bloke off Gumtree paid cash. Weirdly emotional watching it drive off.",
        "Handed over the keys to the {o} to its new owner. Bye, old friend.",
        "Scrapped the {os} after the garage quoted more than it's worth. End of an era.",
    ],
    "end_bike": [
        "Sold the {o} on Facebook Marketplace. A student cycled off on it grinning. Bittersweet.",
        "Someone nicked the {o} from outside the station. Lock cut clean through. Fuming.",
    ],
    "both": [
        "Traded the {os} for a {v}. Still grinning.",
        "Sold the {o} and bought a {v}. My commute just got a lot more interesting.",
        "Goodbye {os}, hello {v}!",
    ],
    "change_car": [
        "Picked up my new {v} today! Drove it round the block three times for no reason.",
        "New wheels: a {v}. Already given it a name.",
    ],
    "change_bike": [
        "Bought a {v}! Cycled to work for the first time and arrived sweaty but smug.",
        "New wheels: a {v}. Two of them, to be precise.",
    ],
    "implicit_car": [
        "Drove the {v} out to the hills on Sunday. Windows down, podcast on, bliss.",
        "Gave the {v} a proper wash today. It's gleaming and I'm weirdly proud.",
    ],
    "implicit_bike": [
        "Took the {v} along the river to work - 25 minutes flat.",
        "Got a puncture on the {v} in the rain. Fixed it under a bus shelter like a pro.",
    ],
}
U["bank"] = {
    "intro": [
        "Checked my {v} app and immediately closed it again. It's that time of the month.",
        "{v} sent my new debit card. The old one was held together with sellotape.",
        "Spent an hour on hold with {v} about a payment that went missing. Customer service hell.",
        "Set up a savings pot with {v} for the holiday fund. £50 a month. Adulting.",
    ],
    "pre": [
        "Everyone at work keeps going on about {v}. Downloaded the app to have a nosy.",
        "Read about the savings rate {v} is offering. Tempted.",
    ],
    "end": [
        "Closed my {o} account today. The woman at the branch looked mildly offended.",
        "Done with {o}. Third time they've frozen my card for buying a sandwich abroad.",
    ],
    "both": [
        "Moved my current account from {o} to {v}. The switching service did everything in a week.",
        "Switched from {o} to {v} - my salary lands there from this month.",
    ],
    "change": [
        "Opened a {v} account and moved my salary over. New bank, who dis.",
        "Switched banks! {v} is my main account now. The app is so much nicer.",
    ],
    "implicit": [
        "My {v} app told me I spent £83 on coffee this month. Yikes.",
        "Paid the rent through {v} and split the bills with one tap. Nerdy joy.",
    ],
}

# the order (oldest first) of optional story beats before the labelled start
BEAT_ORDER = {"partner": ["end", "pre"], "employer": ["pre", "end"], "home": ["pre", "end"],
              "phone": ["end", "pre"], "pet": ["end", "pre"], "gym": ["pre", "end"],
              "vehicle": ["end", "pre"], "bank": ["pre", "end"]}

# --------------------------------------------------------------------------
# other-people templates.  {R} relation phrase, {he}/{his}/{him} the person.
# --------------------------------------------------------------------------
O = {
    "employer": {
        "intro": ["{R} has been at {v} for five years and still won't stop talking about it.",
                  "{R} rang after a long shift at {v}, sounding shattered.",
                  "{R} got promoted at {v}! Team lead now. Bought {him} a very fancy cake."],
        "end": ["{R} quit {o} today with nothing lined up. Brave or mad, unclear.",
                "{R} has handed in {his} notice at {o}. Big move."],
        "both": ["{R} finally left {o} - {he}'s at {v} now and sounds so much happier.",
                 "{R} jumped ship from {o} to {v}. Good for {him}."],
        "change": ["{R} got the job at {v}! Started this week. So proud of {him}.",
                   "{R} starts at {v} on Monday - new job, new commute."],
        "implicit": ["{R} was moaning about the on-call rota at {v} again.",
                     "{R} sent me a photo from the {v} office party. Questionable outfit choices."],
    },
    "home": {
        "intro": ["Video call with {R}, who showed me the view from {his} flat in {v}.",
                  "{R} called from {his} flat in {v} - sunny there, apparently. Rub it in.",
                  "{R} says {v} is heaving with tourists this time of year but {he} still loves living there."],
        "end": ["{R} has moved out of {his} place in {o}; staying with friends till the new one's ready."],
        "both": ["{R} has moved from {o} to {v}. I 'helped' with the boxes over FaceTime, i.e. watched.",
                 "{R} left {o} for {v} this weekend. New city, new flat."],
        "change": ["{R} moved to {v} this weekend! Sent me a tour of the new flat.",
                   "{R} has relocated to {v}. Already has a favourite coffee shop."],
        "implicit": ["{R} sent me a photo of the sunset over {v} from {his} kitchen window.",
                     "{R} said the trams in {v} are on strike so {he} walked to work."],
    },
    "phone": {
        "intro": ["{R} showed off photos from {his} {v} all through dinner.",
                  "{R} rang me by accident from {his} {v} in {his} pocket. Heard a whole supermarket trip."],
        "end": ["{R} dropped {his} {o} in a canal. Don't ask."],
        "both": ["{R} smashed {his} {o}, so now {he} has a {v}.",
                 "{R} finally retired the ancient {o} and got a {v}."],
        "change": ["{R} got a {v} for {his} birthday and won't shut up about the camera.",
                   "{R} has a new {v}. Sent me forty test selfies."],
        "implicit": ["{R} FaceTimed me on {his} {v}, the picture was crystal clear."],
    },
    "vehicle": {
        "intro": ["{R} picked me up from the station in {his} {v}.",
                  "{R} has been polishing {his} {v} every weekend like it's a pet."],
        "end": ["{R} sold {his} {o}. {He}'s car-free for now."],
        "both": ["{R} sold {his} {o} and bought a {v}.",
                 "{R} traded in the {os} for a {v}. Very grown-up."],
        "change": ["{R} has a new {v}! Sent me about forty photos of it.",
                   "{R} bought a {v} and is insufferable about it."],
        "implicit": ["{R} gave me a lift to the airport in {his} {v}."],
    },
    "pet": {
        "intro": ["{R}'s dog {v} came to stay for the weekend and ate a sock.",
                  "{R} sent me a video of {his} dog {v} chasing its own shadow."],
        "end": ["{R}'s old dog {o} passed away. {He}'s heartbroken."],
        "both": ["{R} lost {his} old dog {o} in the spring, and now {he} has a puppy called {v}.",
                 "{R} rehomed {o} with a farmer and adopted a rescue pup called {v}."],
        "change": ["{R} adopted a puppy! {His} dog is called {v} and is basically a loaf with legs.",
                   "{R} has a new dog, {v}. Already sleeping on {his} bed."],
        "implicit": ["{R} took {his} dog {v} to the beach and {v} refused to leave the water."],
    },
    "partner": {
        "intro": ["{R} brought {his} partner {v} to dinner. Lovely. Slightly too into crypto.",
                  "{R} and {his} other half {v} are off to Cornwall next week."],
        "end": ["{R} and {o} have split up. Sent {him} a very long voice note."],
        "both": ["{R} and {o} broke up, and {he}'s already seeing someone called {v}. Keeping up is hard.",
                 "{R} is over {o} and very much into {v} now. Met them last week, they're sweet."],
        "change": ["{R} has a new partner - {v}. They met at a friend's wedding, apparently.",
                   "{R} is officially dating {v}. Cue the group chat going feral."],
        "implicit": ["{R} and {his} partner {v} came over for board games. Very cute together."],
    },
    "gym": {
        "intro": ["{R} has been going to {v} religiously. Sent me a gym selfie at 6am.",
                  "{R} wants me to come to {v} with {him}. Hard pass."],
        "end": ["{R} cancelled {his} membership at {o} in a fit of rage over the price."],
        "both": ["{R} swapped {o} for {v}. Apparently the showers are better.",
                 "{R} left {o} and joined {v}, keeps sending me videos."],
        "change": ["{R} joined {v} and keeps sending me workout videos.",
                   "{R} signed up at {v}. New year, new {him}, {he} says."],
        "implicit": ["{R} did a class at {v} and now can't lift {his} arms."],
    },
    "bank": {
        "intro": ["{R} asked me to help set up online banking with {v}. Took an hour.",
                  "{R} spent the afternoon on hold to {v}. Moaned about it all evening."],
        "end": ["{R} closed {his} {o} account after a row with the branch."],
        "both": ["{R} moved {his} money from {o} to {v} after the app outage.",
                 "{R} switched from {o} to {v} and is evangelical about it."],
        "change": ["{R} switched to {v} and keeps telling me to do the same.",
                   "{R} opened an account with {v}. The card is a very loud colour."],
        "implicit": ["{R} got a fraud alert from {v} about a suspicious purchase - it was {him}, buying shoes."],
    },
}

# --------------------------------------------------------------------------
# question templates
# --------------------------------------------------------------------------
QU = {
    "partner": {"now": ["Who is the user dating now?", "Who is the user's partner currently?",
                        "Who is the user seeing these days?", "Who is the user's partner?",
                        "Who is the user's current partner?", "Who is the user in a relationship with now?",
                        "What is the name of the user's partner?"],
                "before": ["Who was the user's partner before?", "Who did the user use to date?",
                           "Who was the user's previous partner?", "Who was the user with before?"],
                "2024": ["Who was the user dating in 2024?", "Who was the user's partner in 2024?"]},
    "employer": {"now": ["Where does the user work now?", "Where does the user work currently?",
                         "Who is the user's current employer?", "Which company does the user work for these days?",
                         "Where does the user work?", "What company employs the user?"],
                 "before": ["Where did the user work before?", "Where did the user use to work?",
                            "Who was the user's previous employer?"],
                 "2024": ["Where did the user work in 2024?", "Which company was the user working for in 2024?"]},
    "home": {"now": ["Where does the user live now?", "Which city does the user currently live in?",
                     "Where is the user based these days?", "Where does the user live?",
                     "What's the user's current home city?", "Which city is the user's home?"],
             "before": ["Where did the user live before?", "Where did the user use to live?",
                        "Which city was the user's previous home?"],
             "2024": ["Where did the user live in 2024?", "Which city was the user living in in 2024?"]},
    "phone": {"now": ["What phone does the user have now?", "What is the user's current phone?",
                      "What phone is the user using these days?", "What phone does the user use?",
                      "Which phone does the user carry currently?"],
              "before": ["What phone did the user have before?", "What phone did the user use to have?",
                         "What was the user's previous phone?"],
              "2024": ["What phone did the user have in 2024?"]},
    "pet": {"now": ["What's the user's cat called?", "What is the name of the user's cat now?",
                    "What's the user's current cat called?", "Which cat lives with the user these days?",
                    "What is the user's cat's name?"],
            "before": ["What was the user's cat called before?", "What cat did the user use to have?",
                       "What was the name of the user's previous cat?"],
            "2024": ["What was the user's cat called in 2024?"]},
    "gym": {"now": ["Where does the user work out now?", "Which gym does the user currently go to?",
                    "Where does the user train these days?", "Which gym or climbing wall does the user go to?",
                    "What is the user's current gym?"],
            "before": ["Where did the user work out before?", "Which gym did the user use to go to?",
                       "What was the user's previous gym?"],
            "2024": ["Which gym did the user go to in 2024?"]},
    "vehicle": {"now": ["What does the user {verb} now?", "What is the user's current {noun}?",
                        "What does the user {verb} these days?", "What {noun} does the user have?",
                        "Which {noun} does the user own now?"],
                "before": ["What did the user {verb} before?", "What did the user use to {verb}?",
                           "What was the user's previous {noun}?"],
                "2024": ["What did the user {verb} in 2024?", "What {noun} did the user have in 2024?"]},
    "bank": {"now": ["Which bank does the user use now?", "Who does the user bank with currently?",
                     "What bank is the user with these days?", "Which bank is the user's main account with?",
                     "What's the user's current bank?"],
             "before": ["Which bank did the user use before?", "Who did the user use to bank with?",
                        "What was the user's previous bank?"],
             "2024": ["Which bank was the user with in 2024?"]},
}
QO = {
    "employer": ["Where does the user's {rel} work now?", "Who does the user's {rel} work for these days?",
                 "Where does the user's {rel} work currently?", "What company does the user's {rel} work for?"],
    "home": ["Where does the user's {rel} live now?", "Which city is the user's {rel} based in these days?",
             "Where does the user's {rel} currently live?", "Where does the user's {rel} live?"],
    "phone": ["What phone does the user's {rel} have now?", "What phone does the user's {rel} use these days?",
              "What is the user's {rel}'s current phone?"],
    "vehicle": ["What does the user's {rel} {verb} now?", "What does the user's {rel} {verb} these days?",
                "What is the user's {rel}'s current {noun}?"],
    "pet": ["What is the user's {rel}'s dog called now?", "What's the name of the user's {rel}'s dog?",
            "What is the user's {rel}'s current dog called?"],
    "partner": ["Who is the user's {rel} dating now?", "Who is the user's {rel} seeing these days?",
                "Who is the user's {rel}'s current partner?"],
    "gym": ["Which gym does the user's {rel} go to now?", "Where does the user's {rel} work out these days?",
            "What is the user's {rel}'s current gym?"],
    "bank": ["Which bank is the user's {rel} with now?", "Who does the user's {rel} bank with these days?",
             "What is the user's {rel}'s current bank?"],
}


def _kind(q):
    ql = q.lower()
    if "in 2024" in ql:
        return "in 2024"
    if re.search(r"\bused? to\b", ql):
        return "used to"
    if re.search(r"\b(before|previous|previously)\b", ql):
        return "before"
    if "these days" in ql:
        return "these days"
    if re.search(r"\bcurrent(ly)?\b", ql):
        return "currently"
    if re.search(r"\bnow\b", ql):
        return "now"
    return "plain"


def _veh_words(v):
    return ("drive", "car") if VEH_TYPE[v] == "car" else ("ride", "bike")


# --------------------------------------------------------------------------
# fact generation
# --------------------------------------------------------------------------
def _at(r, day_dt):
    return day_dt.replace(hour=r.randint(19, 23), minute=r.randrange(60), second=r.randrange(60))


def _day(d):
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def _pick_chain_values(r, slot, n, exclude):
    pool = [v for v in POOLS[slot] if v not in exclude]
    if slot == "gym":
        regs = [g for g in GYMS_REGULAR if g not in exclude]
        climbs = [g for g in GYMS_CLIMB if g not in exclude]
        first = r.choice(regs)
        if n == 2:
            return [first, r.choice(climbs)]
        if r.random() < 0.5:
            return [first] + r.sample(climbs, 2)
        return [first, r.choice([g for g in regs if g != first]), r.choice(climbs)]
    if slot == "vehicle":
        vals = [r.choice([c for c in CARS if c not in exclude])]
        for _ in range(n - 1):
            kind = "bike" if r.random() < 0.5 else "car"
            cands = [x for x in (BIKES if kind == "bike" else CARS) if x not in exclude and x not in vals]
            vals.append(r.choice(cands))
        return vals
    return r.sample(pool, n)


def _user_kw(slot, v, o, pron):
    kw = {"v": v, "o": o or "", "os": SHORT.get(o, o) if o else ""}
    p = _pron(pron.get(v, "she"))
    kw.update(p)
    if o:
        op = _pron(pron.get(o, "she"))
        kw.update({"ohe": op["he"], "ohim": op["him"], "ohis": op["his"]})
    if slot == "partner":
        kw["ptitle"] = "boyfriend" if PARTNER_PRON[v] == "he" else "girlfriend"
    return kw


def _typed(slot, key, v, o=None):
    """template key for type-dependent slots (new value type, or old value type for 'end')"""
    if slot == "gym" and key in ("pre", "change", "implicit", "both"):
        return key + "_" + GYM_TYPE[v]
    if slot == "vehicle" and key in ("pre", "change", "implicit"):
        return key + "_" + VEH_TYPE[v]
    if key == "end" and slot == "gym":
        return key + "_" + GYM_TYPE[o]
    if key == "end" and slot == "vehicle":
        return key + "_" + VEH_TYPE[o]
    return key


def _build_facts(r):
    story = []          # list of (dt, content, fact-or-None)
    chains = {}         # (subject, slot) -> values
    pron = {}           # value -> pronoun for partner / pets
    for p, g in PARTNERS:
        pron[p] = g
    used = {s: set() for s in POOLS}

    # ---- user chains
    lengths = {}
    for slot in USER_SLOTS:
        if slot in ("partner", "pet", "gym", "employer"):
            n = r.choice([2, 2, 3, 3, 3]) if slot != "pet" else r.choice([2, 2, 3])
        else:
            n = r.choice([2, 2, 3, 3, 3, 4])
        lengths[slot] = n
    n_trans = sum(lengths[s] - 1 for s in USER_SLOTS)
    styles = (["both", "change", "implicit", "split"] * ((n_trans + 3) // 4))[:n_trans]
    r.shuffle(styles)
    si = 0

    for slot in USER_SLOTS:
        n = lengths[slot]
        vals = _pick_chain_values(r, slot, n, used[slot])
        used[slot].update(vals)
        chains[("user", slot)] = vals
        if slot == "pet":
            for v in vals:
                pron[v] = r.choice(["he", "she"])
        T = U[slot]
        # index 0: autumn 2024
        d0 = datetime(2024, 9, 5, tzinfo=UTC) + timedelta(days=r.randrange(0, 86))
        dt0 = _at(r, d0)
        kw = _user_kw(slot, vals[0], None, pron)
        text = _fmt(r.choice(T["intro"]), kw)
        story.append((dt0, _decorate(r, dt0, text), {"subject": "user", "slot": slot, "index": 0, "value": vals[0]}))
        # transitions spread over 2025-01-08 .. 2025-09-20
        lo, hi = datetime(2025, 1, 8, tzinfo=UTC), datetime(2025, 9, 20, tzinfo=UTC)
        span = (hi - lo).days
        prev_day = d0
        for k in range(1, n):
            seg_a = lo + timedelta(days=span * (k - 1) // (n - 1))
            seg_b = lo + timedelta(days=span * k // (n - 1))
            earliest = max(seg_a, prev_day + timedelta(days=25))
            start = earliest + timedelta(days=r.randrange(0, max(1, (seg_b - earliest).days)))
            style = styles[si]
            si += 1
            v, o = vals[k], vals[k - 1]
            kw = _user_kw(slot, v, o, pron)
            beats = []
            if style == "split":
                beats.append("end")
            allow_pre = (slot != "partner") or style == "split"
            if allow_pre and r.random() < 0.6:
                beats.append("pre")
            beats = [b for b in BEAT_ORDER[slot] if b in beats]
            room = (start - prev_day).days - 1
            offs = sorted(r.sample(range(1, min(room, 40) + 1), len(beats)), reverse=True)
            for b, off in zip(beats, offs):
                bdt = _at(r, start - timedelta(days=off))
                key = _typed(slot, b, v, o)
                btext = _fmt(r.choice(T[key]), kw)
                story.append((bdt, _decorate(r, bdt, btext), None))
            if style == "split":
                key = r.choice(["change", "implicit"])
            else:
                key = style
            key = _typed(slot, key, v, o)
            sdt = _at(r, start)
            stext = _fmt(r.choice(T[key]), kw)
            story.append((sdt, _decorate(r, sdt, stext), {"subject": "user", "slot": slot, "index": k, "value": v}))
            prev_day = start

    # ---- other people
    rels = r.sample(list(PEOPLE.keys()), 4)
    people = {}
    for rel in rels:
        name, g = r.choice(PEOPLE[rel])
        people[rel] = (name, g)
        slots_ok = [s for s in OTHER_SLOTS if not (rel in ("mum", "dad") and s == "partner")]
        pslots = r.sample(slots_ok, 3)
        p = _pron(g)
        adj = r.choice(["", "little ", "big ", "older ", "younger "]) if rel in ("brother", "sister") else ""
        for slot in pslots:
            n = r.choice([1, 2, 2])
            if slot == "gym":
                pool = [x for x in GYMS if x not in used["gym"]]
                vals = r.sample(pool, n)
            elif slot == "vehicle":
                pool = [x for x in CARS if x not in used["vehicle"]]
                vals = r.sample(pool, n)
            else:
                vals = r.sample([x for x in POOLS[slot] if x not in used[slot]], n)
            used[slot].update(vals)
            chains[(rel, slot)] = vals
            T = O[slot]

            def R(tpl=""):
                if rel in ("mum", "dad"):
                    return r.choice([rel.capitalize(), "my " + rel])
                forms = [f"my {adj}{rel} {name}", f"my {rel} {name}"]
                if "{R}'s" not in tpl:
                    forms.append(f"{name} (my {rel})")
                return r.choice(forms)

            d0 = datetime(2024, 9, 5, tzinfo=UTC) + timedelta(days=r.randrange(0, 140))
            dt0 = _at(r, d0)
            kw = dict(p)
            tpl = r.choice(T["intro"])
            kw.update({"v": vals[0], "R": R(tpl)})
            text = _fmt(tpl, kw)
            story.append((dt0, _decorate(r, dt0, text), {"subject": rel, "slot": slot, "index": 0, "value": vals[0]}))
            if n == 2:
                start = max(datetime(2025, 2, 15, tzinfo=UTC), d0 + timedelta(days=40)) + timedelta(days=r.randrange(0, 150))
                style = r.choice(["both", "change", "implicit", "split"])
                kw = dict(p)
                kw.update({"v": vals[1], "o": vals[0], "os": SHORT.get(vals[0], vals[0])})
                if style == "split":
                    edt = _at(r, start - timedelta(days=r.randint(3, 30)))
                    tpl = r.choice(T["end"])
                    kw["R"] = R(tpl)
                    etext = _fmt(tpl, kw)
                    story.append((edt, _decorate(r, edt, etext), None))
                    style = r.choice(["change", "implicit"])
                tpl = r.choice(T[style])
                kw["R"] = R(tpl)
                sdt = _at(r, start)
                stext = _fmt(tpl, kw)
                story.append((sdt, _decorate(r, sdt, stext), {"subject": rel, "slot": slot, "index": 1, "value": vals[1]}))

    # make contents unique (re-decorate on the rare clash)
    seen = set()
    fixed = []
    for dt, text, fact in story:
        while text in seen:
            text = text + " " + r.choice(FACT_TAILS)
        seen.add(text)
        fixed.append((dt, text, fact))
    story = fixed

    # ---- questions
    questions = []
    for slot in USER_SLOTS:
        vals = chains[("user", slot)]
        n = len(vals)
        TQ = QU[slot]
        for q in r.sample(TQ["now"], 2):
            questions.append(_q(q, "user", slot, "now", n - 1, vals))
        questions.append(_q(r.choice(TQ["before"]), "user", slot, "before", n - 2, vals))
        questions.append(_q(r.choice(TQ["2024"]), "user", slot, "before", 0, vals))
    for rel in rels:
        for (subj, slot), vals in chains.items():
            if subj != rel:
                continue
            q = r.choice(QO[slot])
            questions.append(_q(q, rel, slot, "now", len(vals) - 1, vals, rel=rel))
    return story, questions, chains


def _q(template, subject, slot, tense, gold, vals, rel=None):
    kw = {}
    if slot == "vehicle":
        kw["verb"], kw["noun"] = _veh_words(vals[gold])
    if rel:
        kw["rel"] = rel
    q = template.format(**kw)
    return {"question": q, "subject": subject, "slot": slot, "tense": tense,
            "gold": gold, "values": list(vals), "kind": _kind(q)}


# --------------------------------------------------------------------------
# filler
# --------------------------------------------------------------------------
FL = {
    "friend": FRIENDS,
    "food": ["a lentil dahl", "shakshuka", "a massive lasagne", "fish finger sandwiches",
             "a Thai green curry", "banana bread", "leek and potato soup", "homemade pizza",
             "a veg stir-fry", "cheese toasties", "a roast chicken", "chilli con carne",
             "carbonara", "a sheet-pan traybake", "a chickpea stew", "jacket potatoes",
             "a crumble", "dumplings from scratch", "a frittata", "sourdough (attempt #4)"],
    "outcome": ["It was actually good?", "Burnt the bottom, ate it anyway.", "Enough leftovers for three days.",
                "Set the smoke alarm off twice.", "Ten out of ten, no notes.", "Tasted like hope and garlic.",
                "The recipe lied about the timings.", "Would make again, would not clean up again."],
    "film": ["Paddington 2", "Past Lives", "Dune: Part Two", "The Grand Budapest Hotel", "Aftersun",
             "Spirited Away", "Knives Out", "Little Women", "Top Gun: Maverick",
             "Everything Everywhere All at Once", "Perfect Days", "The Holdovers", "Hot Fuzz",
             "When Harry Met Sally", "Arrival"],
    "show": ["Slow Horses", "The Bear", "Bake Off", "Taskmaster", "Severance", "Fleabag",
             "Gavin and Stacey", "Only Connect", "The Traitors", "Line of Duty", "Detectorists"],
    "weather": ["grey drizzle all day", "proper sunshine for once", "sideways rain", "a thick fog",
                "wind that nearly took my umbrella", "a weirdly warm afternoon", "frost on every car",
                "a thunderstorm at teatime", "that soft golden light", "hail, briefly, for no reason"],
    "walk": ["the park", "the canal towpath", "the woods behind the allotments", "the seafront",
             "the old railway path", "the cemetery (peaceful, not creepy)", "the reservoir",
             "the botanical gardens", "the hill behind the retail park", "the riverbank"],
    "state": ["soaked", "glowing", "freezing", "weirdly calm", "starving",
              "in a much better mood"],
    "chore": ["did three loads of laundry", "descaled the kettle", "finally defrosted the freezer",
              "cleaned the oven (horror film)", "sorted the sock drawer", "hoovered under the bed",
              "fixed the wobbly shelf", "paid all the bills", "changed the bedsheets",
              "took four bags to the charity shop", "scrubbed the bathroom grout"],
    "sleep": ["four", "five", "three and a half", "maybe four", "five-ish"],
    "hobby": ["knitting", "the jigsaw", "my sketchbook", "Duolingo streak", "houseplants",
              "the allotment", "pottery class", "running playlist", "crossword"],
}

FILLER_EVENTS = [
    "Woke up to {weather}. Stayed in my pyjamas until noon and felt zero guilt.",
    "Looked out at {weather} and went back to bed for twenty minutes.",
    "We had {weather} today. Walked to {walk} anyway and came back {state}.",
    "Made {food} tonight. {outcome}",
    "Batch-cooked {food} for the week. {outcome}",
    "Tried a new recipe: {food}. {outcome}",
    "Watched {film} again. Cried at the same bit I always cry at.",
    "Rewatched {film} with a blanket and a tub of ice cream. Perfect evening.",
    "Binged four episodes of {show}. Productive? No. Happy? Yes.",
    "Finally caught up on {show}. No spoilers please, universe.",
    "Long walk round {walk} after dinner. Saw a heron, which felt like a sign.",
    "Went for a wander round {walk} to clear my head. It mostly worked.",
    "It was {friend}'s birthday - cocktails, then chips at midnight.",
    "Coffee with {friend}, who is going through it with their landlord. Mostly listened.",
    "{friend} came round for tea and we talked for four hours straight.",
    "Long voice notes back and forth with {friend} all evening. Best kind of catch-up.",
    "Bought {friend} a birthday present three weeks early. Who is this organised person?",
    "Work was brutal today. Back-to-back meetings and not one thing actually got done.",
    "Inbox at 200 unread. I'm declaring email bankruptcy.",
    "Presented in front of the whole department and my voice only wobbled once.",
    "Deadline day. Survived it. Barely.",
    "My manager asked for 'a quick chat' and my heart stopped. It was about annual leave.",
    "Spent the whole afternoon in a spreadsheet. My eyes are square.",
    "Slept {sleep} hours last night and it shows. Snapped at the self-checkout machine.",
    "Actually slept eight hours. Is this what normal people feel like?",
    "Couldn't sleep, so I reorganised the bookshelf by colour at 2am.",
    "Had that dream where I'm back at school sitting an exam I didn't revise for.",
    "{chore}. Riveting stuff, but the flat looks human again.",
    "Spent Sunday doing life admin: {chore}, then {chore2}.",
    "My phone battery is dying faster every week. Charging it twice a day now.",
    "Left my phone charger at home and spent the whole day on 9%.",
    "The cat next door sat on my doorstep for an hour again. Not allowed to keep him, I know.",
    "Saw a cat asleep in a bakery window on the way home. Made my day.",
    "Gym was a write-off tonight, I just stretched and went home.",
    "Skipped the workout, went for a walk instead. Counting it.",
    "The bank app logged me out three times while I was trying to pay someone back.",
    "Someone dinged a wing mirror outside my building and just drove off.",
    "Traffic on the way back was biblical. Sat in a queue listening to an audiobook.",
    "Rent went up again. Renting is a scam, honestly.",
    "Dating apps are a hellscape, according to literally everyone in the group chat.",
    "Got caught in a downpour without a coat. Looked like a drowned rat on the bus.",
    "Did the big food shop and somehow spent sixty quid on snacks.",
    "Picked up my {hobby} again after weeks off. Forgot how much I like it.",
    "Gave my {hobby} a proper hour tonight. Very soothing.",
    "Had a good cry for no reason. Felt better after, as you do.",
    "Therapy today. Lots to think about. Being kind to myself tonight.",
    "Headache all day. Drank two litres of water and it's finally lifting.",
    "Wore the new jumper and got two compliments. Peak.",
    "Plumber finally came about the leaky tap. Only took three weeks.",
    "The neighbours had a party till 2am. I know all the words to their playlist now.",
    "Booked the dentist. Terrified. Proud of myself anyway.",
    "Lovely long call with Nan, who told me the same story about the war twice.",
    "Ordered a takeaway and watched the rain. Peak Friday.",
    "Found a tenner in an old coat pocket. Today is a good day.",
    "Bought flowers for myself. Highly recommend.",
    "Broke my favourite mug. Irrationally upset about it.",
    "Sat in the sun with a book for an hour at lunch. More of that, please.",
    "Volunteered at the food bank this morning. Puts things in perspective.",
    "Went to a pub quiz, came fourth out of six. The music round destroyed us.",
    "Had {band} on repeat all evening.",
    "Got tickets to see {band} next spring! Screamed into a pillow.",
    "{friend} is visiting from {decoy_city} next week and I need to clean the entire flat.",
    "Booked a long weekend in {decoy_city} for later in the year. Already planning where to eat.",
    "{friend} sent me a postcard from {decoy_city}. Proper old-school. Stuck it on the fridge.",
    "Daydreaming about a holiday in {decoy_city}. Looked at flights, closed the tab.",
    "Read a news story about {decoy_company} laying people off. Grim times.",
    "Everyone in the office was talking about the {decoy_company} announcement today.",
    "{friend} just got a {decoy_phone} and won't stop showing me the camera.",
    "Saw a {decoy_car} parked outside the café, bright yellow. Who does that?",
    "{friend} says {decoy_bank} froze their card again. Banks, honestly.",
    "A new {decoy_gym} is opening near the station - flyers everywhere.",
    "Can't believe it's {month} already. Where is the year going?",
    "{month} mood: tired, but hopeful.",
]

FEELINGS = [
    "Feeling okay, actually.", "Bit flat today, not sure why.", "Grateful for small things.",
    "Knackered but content.", "ngl, good day.", "Lowkey anxious about tomorrow.", "Proper buzzing.",
    "Tired in my bones.", "Mood: soup.", "Small wins.", "Brain is mush.", "Reminder to self: drink more water.",
    "Gutted, tbh.", "Honestly? Happy.", "Note to self: stop doomscrolling at 1am.", "Calm, for once.",
    "A bit lonely tonight, if I'm honest.", "Feeling like myself again.", "Meh.", "Cosy.",
    "Restless, can't settle.", "Oddly proud of myself.", "Vibes were immaculate.", "Not my finest day.",
    "Heart full.", "Fried.", "Sort of peaceful.", "Need a holiday, fr.", "Feeling very grown-up about it.",
    "Content. Just content.",
]
CLOSERS = ["Night.", "Anyway. Bed.", "More tomorrow.", "x", "Right, sleep.", "That's all for today.",
           "Lights out.", "Bed by ten, that's the plan.", "Over and out.", "Tomorrow's another day."]


KEEP_CASE = set(FRIENDS) | set(MONTHS) | {"I", "Nan"}


def _fill_one(r, dt, decoys):
    def sub(t):
        def repl(m):
            key = m.group(1)
            if key == "month":
                return MONTHS[dt.month - 1]
            if key == "chore2":
                return r.choice(FL["chore"])
            if key in decoys:
                return r.choice(decoys[key])
            if key == "band":
                return r.choice(BANDS)
            return r.choice(FL[key])
        return re.sub(r"\{(\w+)\}", repl, t)

    parts = [sub(r.choice(FILLER_EVENTS))]
    if r.random() < 0.22:
        second = sub(r.choice(FILLER_EVENTS))
        first = re.split(r"[\s,.:']", second, 1)[0]
        if first not in KEEP_CASE:
            second = second[0].lower() + second[1:]
        parts.append(r.choice(["Also,", "Oh, and", "Other than that:", "Meanwhile,"]) + " " + second)
    if r.random() < 0.6:
        parts.append(r.choice(FEELINGS))
    if r.random() < 0.25:
        parts.append(r.choice(CLOSERS))
    text = _cap(" ".join(parts))
    if r.random() < 0.4:
        text = _header(r, dt) + " " + text
    return text


def _value_regex(chains):
    vals = sorted({v for vs in chains.values() for v in vs}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(v) for v in vals) + r")(?!\w)", re.IGNORECASE)


def _filler(frng, count, taken, chains):
    banned = _value_regex(chains)
    used = {v.lower() for vs in chains.values() for v in vs}

    def free(lst):
        return [x for x in lst if x.lower() not in used]

    decoys = {"decoy_city": free(CITIES + EXTRA_CITIES), "decoy_company": free(EMPLOYERS + EXTRA_COMPANIES),
              "decoy_phone": free(PHONES + EXTRA_PHONES), "decoy_car": free(CARS + EXTRA_CARS),
              "decoy_bank": free(BANKS + EXTRA_BANKS), "decoy_gym": free(GYMS_REGULAR + EXTRA_GYMS)}
    out = []
    tries = 0
    while len(out) < count:
        tries += 1
        if tries > count * 50 + 1000:
            raise RuntimeError("could not generate enough distinct filler")
        day = FILLER_START + timedelta(days=frng.randrange(FILLER_DAYS))
        dt = day.replace(hour=frng.randint(18, 23), minute=frng.randrange(60), second=frng.randrange(60))
        text = _fill_one(frng, dt, decoys)
        if text in taken or banned.search(text):
            continue
        taken.add(text)
        out.append((dt, text, None))
    return out


# --------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------
def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"blind13/{seed}/{user}")
    story, questions, chains = _build_facts(rng)
    if size < len(story):
        raise ValueError(f"size {size} is smaller than the {len(story)} story memories")
    frng = random.Random(f"blind13/{seed}/{user}/filler")
    taken = {t for _, t, _ in story}
    items = story + _filler(frng, size - len(story), taken, chains)
    items.sort(key=lambda x: x[0])
    memories = []
    for dt, text, fact in items:
        m = {"content": text, "created": _iso(dt)}
        if fact is not None:
            m["fact"] = dict(fact)
        memories.append(m)
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW_ISO,
            "memories": memories, "questions": questions}


def self_check():
    now = datetime.fromisoformat(NOW_ISO)
    summary = []
    for user in range(4):
        ref = None
        for size in (100, 1000, 10000):
            d = generate(size, user=user, seed=0)
            mems = d["memories"]
            assert d["split"] == SPLIT and d["user"] == user and d["seed"] == 0
            assert len(mems) == size, (size, len(mems))
            contents = [m["content"] for m in mems]
            assert len(set(contents)) == size, "duplicate contents"
            dts = [datetime.fromisoformat(m["created"]) for m in mems]
            assert dts == sorted(dts), "not sorted"
            assert all(t < now for t in dts), "memory after now"
            assert dts[0] >= datetime(2024, 9, 1, tzinfo=UTC)
            chains = {}
            for m, t in zip(mems, dts):
                f = m.get("fact")
                if not f:
                    continue
                assert f["value"].lower() in m["content"].lower(), (f, m["content"])
                chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], t))
            for key, lst in chains.items():
                idx = [i for i, _, _ in lst]
                assert idx == list(range(len(lst))), (key, idx)  # contiguous, chronological
                ts = [t for _, _, t in lst]
                assert all(a < b for a, b in zip(ts, ts[1:])), key
                if key[0] == "user":
                    assert ts[0].year == 2024 and ts[0].month >= 9
                    assert all(t.year == 2025 for t in ts[1:])
            cvals = {k: [v for _, v, _ in lst] for k, lst in chains.items()}
            user_slots = [k for k in cvals if k[0] == "user"]
            assert len(user_slots) == 8
            # other people's values never held by the user
            for (s, slot), vals in cvals.items():
                if s != "user":
                    assert not set(vals) & set(cvals[("user", slot)] if ("user", slot) in cvals else [])
            for q in d["questions"]:
                vals = cvals[(q["subject"], q["slot"])]
                assert q["values"] == vals, q
                assert 0 <= q["gold"] < len(vals), q
                assert q["kind"] == _kind(q["question"]) and q["kind"] in (
                    "now", "currently", "these days", "plain", "before", "used to", "in 2024")
                if q["kind"] == "in 2024":
                    assert q["gold"] == 0 and q["tense"] == "before"
                elif q["tense"] == "now":
                    assert q["gold"] == len(vals) - 1 and q["kind"] in ("now", "currently", "these days", "plain")
                else:
                    assert q["gold"] == len(vals) - 2 and q["kind"] in ("before", "used to")
            # filler never names a chain value
            rx = _value_regex({k: v for k, v in cvals.items()})
            story = set(t for _, t, _ in _build_facts(random.Random(f"blind13/0/{user}"))[0])
            for m in mems:
                if m["content"] not in story:
                    assert "fact" not in m
                    assert not rx.search(m["content"]), m["content"]
            assert story <= set(contents)
            facts = [m for m in mems if "fact" in m]
            part = (facts, d["questions"], sorted(story))
            if ref is None:
                ref = part
                summary.append((user, len(story), len(facts), len(d["questions"])))
            else:
                assert part == ref, "fact part differs across sizes"
    for u, ns, nf, nq in summary:
        pass
    pass