"""Knowledge-update set blind12: facts that come up in passing inside requests to the assistant.

Written by a helper session on 2026-12-02 that read none of the project's code, benches, tests or other
sets (only the data format it was given). Held out: measured at ae90c2e (before this session's work) and at
the end of the session only; nobody has read its misses or its templates.

    python3 bench/knowledge_updates.py --split blind12 --mode library

The author's own description:
blind12 -- knowledge-update set where facts surface INCIDENTALLY inside requests.

Theme: a user chats with an AI assistant; slot values are mostly buried in requests
("My Pixel 8 keeps dropping wifi", "Draft an email to my manager at Deloitte ..."), ~25% are
plain statements, a few are corrections ("ended up with the Honda Civic, not the Kia Sportage").
User slots (8): city, employer, phone, dog (name), gym, car, bank, cafe (regular cafe);
each has a chain of 2-4 values: first value in autumn 2024, changes spread Jan-Sep 2025.
People: 4 relations (sister/brother/colleague/neighbour/best friend/cousin/mum/dad, with first
names), each with 3 slots holding 1-2 values the user never held, told in the user's voice.
Filler: everyday requests (recipes, code, travel, TV, errands, generic phone/gym/dog talk, news
about real brands/places that are never chain values), Sep 2024 .. Sep 2025.  NOW = 2025-10-01.
Questions: per user slot 2 "now"-type, 1 "before"/"used to", 1 "in 2024"; 1 "now" per person chain.
"""

import random
import re
import unicodedata
from datetime import datetime, timedelta, timezone

UTC = timezone.utc
NOW = datetime(2025, 10, 1, 9, 0, 0, tzinfo=UTC)
NOW_ISO = NOW.isoformat()
FILLER_START = datetime(2024, 9, 1, 7, 0, 0, tzinfo=UTC)
FILLER_END = datetime(2025, 9, 30, 22, 0, 0, tzinfo=UTC)

SLOT_ORDER = ["city", "employer", "phone", "dog", "gym", "car", "bank", "cafe"]

# ---------------------------------------------------------------------------
# Slot definitions: pools, user templates, people templates, question templates
# ---------------------------------------------------------------------------
SLOTS = {
    "city": {
        "max_len": 4,
        "pool": ["Utrecht", "Rotterdam", "Berlin", "Hamburg", "Lisbon", "Manchester", "Leeds",
                 "Bristol", "Dublin", "Edinburgh", "Glasgow", "Copenhagen", "Barcelona", "Munich",
                 "Vienna", "Toronto", "Melbourne"],
        "inc": [
            "Can you find me a dentist near my flat in {v}? Still pretty new here",
            "what's the best way to get from {v} to the airport on a sunday morning",
            "Any good Thai places in {v} that do takeaway after 10pm?",
            "I need a plumber in {v} who can come out this week, the kitchen sink has been leaking since Tuesday and the landlord is ignoring me. How do I find one that isn't a rip-off, and what should I ask on the phone before they come?",
            "Help me write a short bio for a meetup page: {role}, living in {v}, into climbing and bad puns.",
            "is it worth getting a bike in {v} or is public transport good enough for a {commute}-minute commute",
            "Suggest some day trips from {v} that don't need a car.",
            "I got a letter from the {v} council about bin collection days, can you help me make sense of it?",
            "where can i recycle old electronics in {v}",
            "Plan me a running route around {v}, about 8k, ideally along water",
            "Recommend a few bookshops in {v} with a decent English section",
            "Is there anywhere in {v} that does proper bagels? asking for my sanity",
        ],
        "stmt": [
            "Rent in {v} went up again. Honestly ridiculous.",
            "Loving the Saturday market in {v}.",
            "My commute across {v} was a mess this morning, trams everywhere except where I needed one.",
            "Still not used to the weather here in {v}.",
        ],
        "chg": [
            "Just moved to {v} last week, what do I need to do to register my new address?",
            "Can you make me a checklist for my first month in {v}? Moved here from {old} on the weekend",
            "ok so we officially live in {v} now. recommend some neighbourhood pubs near the centre?",
            "Help me write a message to my old landlord in {old} about the deposit, I'm settled in {v} now",
            "Need to update my address with everyone after the move to {v}, what's a good list of places to notify?",
            "What's a good way to meet people after relocating? Just moved to {v} and know nobody",
            "new to {v}, which areas are nice for a quiet evening walk?",
        ],
        "chg_stmt": [
            "We finally finished unpacking the new place in {v}.",
            "Moved to {v}. Boxes everywhere, no wifi yet, send help.",
            "First week living in {v} and I already miss {old} a bit.",
            "Got the keys to our flat in {v} today!",
            "living in {v} now",
        ],
        "tent": [
            "We're seriously looking at flats in {decoy}. Is it a good place to live if you work remotely?",
            "Compare the cost of living here in {old} with {decoy} for me? Thinking of moving",
        ],
        "corr": [
            "actually scratch the {decoy} plan, we ended up taking a place in {v} instead. moved in on saturday",
            "Update: not {decoy} after all, we signed for a flat in {v} and we're in now. Can you redo the commute estimate?",
            "Correction to what I said before: we moved to {v}, not {decoy}.",
        ],
        "q_now": [("Where does the user live now?", "now"),
                  ("What city is the user currently living in?", "currently"),
                  ("Which city does the user live in these days?", "these days"),
                  ("Where does the user live?", "plain"),
                  ("What is the user's current city?", "currently"),
                  ("Where is the user based now?", "now"),
                  ("Where's home for the user these days?", "these days"),
                  ("What city does the user call home?", "plain")],
        "q_before": [("Where did the user live before?", "before"),
                     ("What was the user's previous city?", "before"),
                     ("Where did the user use to live?", "used to"),
                     ("Which city was the user living in before their most recent move?", "before")],
        "q_2024": [("Where did the user live in 2024?", "in 2024"),
                   ("Which city was the user based in in 2024?", "in 2024")],
        "p0": [
            "Can you suggest things to do in {v}? Visiting my {rel} {name} there next month.",
            "My {rel} {name} lives in {v}. What's the cheapest way to get there for a long weekend?",
            "what's a good housewarming present i can post to {v}? my {rel} {name} just got a flat there",
            "{name} (my {rel}) lives in {v} and keeps telling me to visit. Is it nice in spring?",
        ],
        "p1": [
            "{name}, my {rel}, has moved again: {he}'s in {v} now. Help me write a card for the new place?",
            "My {rel} {name} relocated from {old} to {v} for work. How do we stay close long distance?",
            "Update on my {rel}: {name} left {old} and lives in {v} these days. Any good restaurants there for when I visit?",
        ],
        "q_person": [("Where does the user's {rel} live now?", "now"),
                     ("Which city does the user's {rel} live in these days?", "these days"),
                     ("Where does the user's {rel} currently live?", "currently"),
                     ("Where does the user's {rel} live?", "plain")],
    },
    "employer": {
        "max_len": 3,
        "pool": ["Deloitte", "Google", "Spotify", "Accenture", "Siemens", "Shopify", "Unilever", "KPMG",
                 "Booking.com", "Philips", "Microsoft", "Adyen", "IKEA", "Salesforce", "PwC", "Zalando",
                 "Amazon"],
        "inc": [
            "Draft an email to my manager at {v} asking for Friday off",
            "How do I politely decline a meeting invite? Half of {v} seems to be in this one and I have a deadline",
            "Can you help me prep for my performance review at {v}? I want to push for a promotion to senior {role}",
            "what's a good way to tell my team at {v} the deadline is unrealistic without sounding negative",
            "Write a LinkedIn post about the project my team at {v} just shipped. Humble, no cringe.",
            "I have a 1:1 with {manager} at {v} tomorrow, help me structure my talking points",
            "How do I read my payslip from {v}? There's a deduction I don't recognise",
            "expense question: can i claim a train ticket to a client site? the {v} policy just says 'reasonable costs'",
            "Help me write an out-of-office reply for my {v} email, I'm away all next week",
            "The {v} annual survey asks what would make me stay. Help me word honest feedback without burning bridges.",
            "I'm presenting at the {v} all-hands on Thursday. Give me a structure for a 5 minute update as a {role}",
        ],
        "stmt": [
            "Long day at {v}. Three back-to-back calls about the same spreadsheet.",
            "The coffee machine at the {v} office finally got fixed.",
            "Got my bonus from {v} today, not bad.",
            "{v} offsite this week, pray for me",
        ],
        "chg": [
            "Just finished my first week at {v}. How do I ramp up quickly without pestering people with questions?",
            "Write a short intro message for my new team's Slack at {v}. I'm the new {role}",
            "i just started at {v} and they use Jira for everything, give me a crash course",
            "Left {old}, joined {v} this month. Help me update my LinkedIn headline",
            "What's a good 30-60-90 day plan for a {role} who just joined {v}?",
            "Help me fill in the new starter form for {v}, it asks for an 'emergency contact relationship' and I'm not sure what to put",
        ],
        "chg_stmt": [
            "Officially a {v} employee now. Badge photo is terrible.",
            "Signed with {v} and started today. Goodbye {old}!",
            "New job at {v} is going well so far, the team is nice.",
            "Handed my laptop back to {old} on Friday and picked up my {v} one this morning.",
            "first day at {v} done",
        ],
        "tent": [
            "I've got a final round interview at {decoy} on Thursday. Help me answer 'why do you want to leave {old}?'",
            "Should I take the {decoy} offer? It's 8% more than I make at {old} but the commute is longer",
        ],
        "corr": [
            "Update: I turned down {decoy} in the end and accepted the offer from {v}. Started this week.",
            "actually it's {v}, not {decoy}. the {decoy} thing fell through and i signed with {v}. can you rewrite my LinkedIn summary?",
        ],
        "q_now": [("Where does the user work now?", "now"),
                  ("Which company does the user currently work for?", "currently"),
                  ("Who is the user's employer these days?", "these days"),
                  ("Who does the user work for?", "plain"),
                  ("What's the user's current employer?", "currently"),
                  ("Which company is the user at now?", "now"),
                  ("Where is the user working these days?", "these days"),
                  ("What company employs the user?", "plain")],
        "q_before": [("Where did the user work before?", "before"),
                     ("What was the user's previous employer?", "before"),
                     ("Which company did the user use to work for?", "used to")],
        "q_2024": [("Which company did the user work for in 2024?", "in 2024"),
                   ("Who was the user's employer in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} works at {v} and says they're hiring. How do I ask about it without being weird?",
            "{name} ({rel}) got a job at {v}! Help me write a congrats message",
            "my {rel} {name} just started at {v}, what's a nice first-day gift",
            "My {rel} {name} is stressed about a reorg at {v}. How can I be supportive without giving advice?",
        ],
        "p1": [
            "{name}, my {rel}, left {old} and is at {v} now. Draft a quick congrats text?",
            "Big news: my {rel} {name} just started at {v}. Is that a good company to work for?",
            "My {rel} {name} switched jobs to {v}, help me think of a fun way to celebrate",
        ],
        "q_person": [("Where does the user's {rel} work now?", "now"),
                     ("Which company does the user's {rel} currently work for?", "currently"),
                     ("Where is the user's {rel} working these days?", "these days"),
                     ("Who does the user's {rel} work for?", "plain")],
    },
    "phone": {
        "max_len": 4,
        "pool": ["Pixel 8", "Pixel 7a", "iPhone 15", "iPhone 13 mini", "iPhone 16 Pro", "Galaxy S24",
                 "Galaxy S23 FE", "Galaxy Z Flip5", "OnePlus 12", "Nothing Phone 2", "Xiaomi 14",
                 "Fairphone 5", "Moto G84", "Sony Xperia 10 V"],
        "inc": [
            "My {v} keeps dropping wifi, any ideas?",
            "how do i turn off the annoying keyboard vibration on a {v}",
            "What's the best way to back up photos from my {v} to my laptop?",
            "Battery on my {v} is draining overnight, what settings should I check?",
            "Can I use my {v} as a hotspot abroad without getting charged a fortune?",
            "Is it worth buying a case with a built-in stand for the {v}? I watch a lot of videos on the train",
            "screen on my {v} cracked in the corner, worth repairing or just live with it?",
            "How do I screen record with audio on my {v}?",
            "Recommend some wireless earbuds that pair well with a {v}",
            "my {v} storage is full AGAIN. what's safe to delete",
            "Does the {v} support eSIM? I'm travelling in a few weeks and want a local data plan",
        ],
        "stmt": [
            "The camera on the {v} is honestly great at night.",
            "Dropped my {v} in the sink this morning. It survived.",
            "{v} at 4% and no charger, classic.",
        ],
        "chg": [
            "Just got a {v}. How do I transfer my WhatsApp chats from my old {old}?",
            "Switched to a {v} last weekend, which default settings should I change first?",
            "finally upgraded to the {v}. what's the best case that isn't ugly",
            "What's the best way to sell my old {old}? I've moved everything to my new {v}",
            "New phone day: {v}. How do I set up my two-factor apps on it without getting locked out?",
            "I traded in my {old} for a {v}, should I get insurance on it?",
        ],
        "chg_stmt": [
            "Picked up a {v} today, the old one was falling apart.",
            "Been on the {v} for a week and I don't miss my {old} at all.",
            "Got the {v} in the end. It's a bit big for my hands.",
            "My new {v} arrived this morning!",
        ],
        "tent": [
            "Thinking about getting the {decoy}. Is it worth upgrading from my {old}?",
            "Compare the {decoy} with a couple of alternatives for me? My {old} is dying",
        ],
        "corr": [
            "Ended up buying the {v}, not the {decoy}, the shop had a better deal. How do I move my eSIM over?",
            "correction: i went with a {v} in the end, not the {decoy}. any must-have apps?",
        ],
        "q_now": [("What phone does the user have now?", "now"),
                  ("What phone does the user currently use?", "currently"),
                  ("Which phone is the user using these days?", "these days"),
                  ("What phone does the user have?", "plain"),
                  ("What's the user's current phone?", "currently"),
                  ("Which smartphone does the user carry now?", "now"),
                  ("What model is the user's phone?", "plain")],
        "q_before": [("What phone did the user have before?", "before"),
                     ("What was the user's previous phone?", "before"),
                     ("What phone did the user use to have?", "used to")],
        "q_2024": [("What phone did the user have in 2024?", "in 2024"),
                   ("Which phone was the user using in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} has a {v} and can't figure out how to turn off autocorrect. How do I explain it over the phone?",
            "{name}'s {v} keeps overheating. My {rel} asked me and I have no idea, suggestions?",
            "How do I share a photo album with my {rel} {name}? {He} uses a {v}",
            "My {rel} {name} wants to know if the {v} supports wireless charging. Does it?",
        ],
        "p1": [
            "My {rel} {name} finally replaced {his} {old} with a {v}. Good case to get as a gift?",
            "{name} (my {rel}) just got a {v} and keeps sending me zoomed-in photos of the moon.",
            "my {rel} {name} upgraded to a {v}, how does {he} move the photos over from the {old}",
        ],
        "q_person": [("What phone does the user's {rel} have now?", "now"),
                     ("What phone is the user's {rel} currently using?", "currently"),
                     ("What phone does the user's {rel} use these days?", "these days"),
                     ("What phone does the user's {rel} have?", "plain")],
    },
    "dog": {
        "max_len": 3,
        "pool": ["Biscuit", "Luna", "Pepper", "Milo", "Mochi", "Waffles", "Juniper", "Pickle", "Noodle",
                 "Bramble", "Ziggy", "Nala", "Bonnie", "Rolo", "Tofu", "Marley"],
        "inc": [
            "{v} just ate a sock. Should I be worried? {breed}, about 12kg",
            "What's a good chew toy for a {breed}? {v} destroys everything in a day",
            "Find me a dog groomer nearby that's good with nervous dogs, {v} hates the hairdryer",
            "How often should I be walking a {breed}? {v} seems restless in the evenings",
            "Can you help me write a note for the dog sitter? {v} eats twice a day, is scared of the hoover and will pretend not to have been fed.",
            "is it normal for a {breed} to sleep 16 hours a day?? {v} barely moves",
            "Remind me to book {v}'s vaccination booster next month",
            "What human foods are toxic to dogs? {v} keeps begging at dinner and my guests keep sneaking scraps",
            "Any tips for stopping a {breed} pulling on the lead? {v} nearly took my arm off today",
            "Compare pet insurance options for a {breed} called {v}, mostly worried about vet bills for joints",
        ],
        "stmt": [
            "{v} rolled in something disgusting at the park again.",
            "Took {v} to the beach today, best day of the year apparently.",
            "{v} stole a whole baguette off the counter.",
        ],
        "chg": [
            "We just adopted a {breed} named {v}! What should we buy for the first week?",
            "New rescue pup, {v}, is crying at night. How do we settle a new dog in?",
            "How do I crate train a new dog? {v} came home with us on Saturday",
            "Can you suggest a feeding schedule for {v}? A {breed} we brought home from the shelter last week",
            "After losing {old} we finally felt ready for another dog. Meet {v}! How do I update the microchip details?",
            "what's a first vet visit checklist for a new puppy? {v}'s appointment is friday",
        ],
        "chg_stmt": [
            "Say hello to {v}, the newest member of the family. Tiny {breed}, enormous ears.",
            "{v} has been home for a week and already owns the sofa.",
            "We named the new puppy {v}.",
            "Picked up {v} from the rescue centre today.",
        ],
        "tent": [
            "We're picking up a {breed} puppy next week and leaning towards calling her {decoy}. Good dog name?",
            "Shortlist of names for the new puppy: {decoy} is the favourite so far. Any better ideas?",
        ],
        "corr": [
            "We didn't go with {decoy} in the end, the puppy is called {v}. Ideas for a name tag engraving?",
            "Actually the name's {v}, not {decoy}. Got outvoted. Anyway, how much should a 10-week-old puppy eat?",
        ],
        "q_now": [("What's the user's dog called?", "plain"),
                  ("What is the name of the user's dog now?", "now"),
                  ("What is the user's current dog's name?", "currently"),
                  ("What's the name of the dog the user has these days?", "these days"),
                  ("What is the user's dog called now?", "now"),
                  ("What does the user call their dog?", "plain")],
        "q_before": [("What was the name of the user's previous dog?", "before"),
                     ("What was the user's dog called before?", "before"),
                     ("What was the name of the dog the user used to have?", "used to")],
        "q_2024": [("What was the user's dog called in 2024?", "in 2024"),
                   ("What was the name of the user's dog in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} has a {breed} called {v}. What treats can I bring when I dog-sit?",
            "Dog-sitting {v} for my {rel} {name} this weekend. Anything I should know about {breed}s?",
            "{name}'s dog {v} chewed my shoelace clean through. My {rel} thinks it's hilarious. Normal puppy behaviour?",
            "what's a good birthday present for a dog? my {rel} {name}'s {breed} {v} turns 5 next week",
        ],
        "p1": [
            "My {rel} {name} just got a new puppy named {v}! Gift ideas for a new dog owner?",
            "{name} (my {rel}) adopted a {breed} called {v} after {old} passed. What do I write in a card?",
            "my {rel} {name} has a new rescue dog, {v}. how do i greet a nervous dog properly",
        ],
        "q_person": [("What is the user's {rel}'s dog called now?", "now"),
                     ("What's the name of the user's {rel}'s current dog?", "currently"),
                     ("What's the user's {rel}'s dog called?", "plain"),
                     ("What dog does the user's {rel} have these days?", "these days")],
    },
    "gym": {
        "max_len": 4,
        "pool": ["PureGym", "Basic-Fit", "Anytime Fitness", "The Gym Group", "Virgin Active", "David Lloyd",
                 "Planet Fitness", "Equinox", "F45", "Snap Fitness", "Fitness First", "Gold's Gym",
                 "Third Space", "Nuffield Health", "Crunch Fitness", "JD Gyms"],
        "inc": [
            "Book reminder: spin class at {v} {day} {time}",
            "Make me a 45-minute upper body workout I can do at {v}. They have cables and dumbbells but the squat racks are always taken",
            "is it rude to ask someone at {v} how many sets they have left",
            "What should I eat before a {time} session at {v}?",
            "Write me a beginner leg day, I'll be at {v} after work and don't want to look lost",
            "how do i use the rowing machine properly? there's one at {v} nobody ever touches",
            "Plan my week: groceries, laundry, and three sessions at {v}, ideally mornings",
            "Help me write a polite complaint to {v} about the showers being cold for two weeks",
            "Is the sauna at {v} actually good for recovery or is that a myth?",
            "My {v} membership renews on the 1st according to the app. How do I check what I'm actually paying?",
        ],
        "stmt": [
            "Deadlift PB at {v} today!",
            "{v} was packed tonight, waited 20 minutes for a bench.",
            "skipped {v} again. tomorrow. definitely tomorrow.",
        ],
        "chg": [
            "Just joined {v}. Can you write me a 4-week plan to ease back in?",
            "I cancelled {old} and signed up at {v}. Do I need a written cancellation or is the app enough?",
            "first session at my new gym, {v}, tomorrow. what should i bring",
            "Switched gyms to {v} because it's closer. What's a good push/pull/legs split for 4 days a week?",
            "New {v} membership starts today, how do I make sure I actually keep going this time?",
            "Help me write an email cancelling my {old} membership, I've moved over to {v}",
        ],
        "chg_stmt": [
            "Signed up at {v} today. The induction was longer than expected.",
            "Moved my membership to {v}, much less crowded.",
            "First week at {v} done, legs destroyed.",
            "{v} is my gym now, {old} got too expensive.",
        ],
        "tent": [
            "Thinking of switching my membership from {old} to {decoy}. Is it worth it?",
            "Does {decoy} do a free trial week? Considering leaving {old}",
        ],
        "corr": [
            "Ended up joining {v} instead of {decoy}, the off-peak price was better. Can you redo my weekly plan?",
            "oh actually i didn't go with {decoy}, i joined {v}. same plan should work right?",
        ],
        "q_now": [("Which gym does the user go to these days?", "these days"),
                  ("What gym is the user a member of now?", "now"),
                  ("Which gym does the user currently use?", "currently"),
                  ("Where does the user work out?", "plain"),
                  ("What's the user's current gym?", "currently"),
                  ("Which gym does the user train at now?", "now"),
                  ("What gym does the user go to?", "plain")],
        "q_before": [("Which gym did the user go to before?", "before"),
                     ("What was the user's previous gym?", "before"),
                     ("Which gym did the user use to go to?", "used to")],
        "q_2024": [("Which gym did the user go to in 2024?", "in 2024"),
                   ("What gym was the user a member of in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} wants me to come to {v} with {him} on Saturday. What should a total beginner do?",
            "{name} (my {rel}) keeps sending me guest passes for {v}. Is it rude to keep saying no?",
            "my {rel} {name} goes to {v} every morning at 6, how are people like this",
            "My {rel} {name} does classes at {v}. Which class type is best for someone who hates running?",
        ],
        "p1": [
            "{name}, my {rel}, switched from {old} to {v} and won't stop talking about the sauna.",
            "My {rel} {name} just joined {v}. Is that one of the good chains?",
            "Apparently my {rel} {name} moved gyms to {v}. Should I tag along for a trial session?",
        ],
        "q_person": [("Which gym does the user's {rel} go to now?", "now"),
                     ("What gym is the user's {rel} currently a member of?", "currently"),
                     ("Which gym does the user's {rel} use these days?", "these days"),
                     ("What gym does the user's {rel} go to?", "plain")],
    },
    "car": {
        "max_len": 3,
        "pool": ["Honda Civic", "Kia Sportage", "Toyota Corolla", "VW Golf", "Tesla Model 3", "Ford Focus",
                 "Mazda CX-5", "Skoda Octavia", "Hyundai Kona", "BMW 3 Series", "Audi A3", "Renault Clio",
                 "Nissan Leaf", "Volvo XC40", "Peugeot 208", "Toyota RAV4"],
        "inc": [
            "What tyre pressure should I run on a {v}? The warning light keeps coming on",
            "How often does a {v} need a service? Mine's at about 60,000 km",
            "Strange rattling from the back of my {v} over speed bumps, what could it be?",
            "Can you estimate fuel cost for a 300 km road trip in my {v}?",
            "best way to get pet hair out of the seats of a {v}",
            "Is it worth getting a dashcam for the {v}? Someone scraped it in a car park last week",
            "How do I get Spotify working on the screen in my {v}?",
            "My {v} won't start on cold mornings, battery or something worse?",
            "Will a flat-pack wardrobe fit in the back of a {v} with the seats down?",
            "insurance renewal for the {v} went up 30%, how do i negotiate it down",
        ],
        "stmt": [
            "Washed the {v} for the first time in months. It's actually silver apparently.",
            "Took the {v} up the coast this weekend, great drive.",
            "Someone dinged the {v} in the supermarket car park. Great.",
        ],
        "chg": [
            "We just bought a {v}! What should I check in the first week of owning a used car?",
            "Sold the {old} and picked up a {v}. How do I transfer the insurance?",
            "finally replaced the {old}, went for a {v}. what are the common problems to watch for?",
            "What accessories are worth getting for a new {v}? Just collected it from the dealer",
            "Help me write an ad to sell our old {old}, we've got the {v} now",
            "how do I pair my phone with the {v} we just got? the manual is 400 pages",
        ],
        "chg_stmt": [
            "Collected the {v} from the dealership today. New car smell!",
            "The {v} is ours. Goodbye {old}, you were fine.",
            "Traded the {old} in, driving a {v} now.",
            "First long drive in the new {v}, very comfy.",
        ],
        "tent": [
            "We're test driving the {decoy} on Saturday. What should I look out for?",
            "Is a {decoy} a sensible replacement for my {old}?",
        ],
        "corr": [
            "actually we ended up going with the {v}, not the {decoy}. what's the service interval?",
            "Update: the {decoy} deal fell through, we bought a {v} instead. Any tips on insurance quotes?",
        ],
        "q_now": [("What car does the user drive now?", "now"),
                  ("What car does the user currently own?", "currently"),
                  ("What does the user drive these days?", "these days"),
                  ("What car does the user drive?", "plain"),
                  ("What's the user's current car?", "currently"),
                  ("Which car does the user have now?", "now")],
        "q_before": [("What car did the user drive before?", "before"),
                     ("What was the user's previous car?", "before"),
                     ("What car did the user use to drive?", "used to")],
        "q_2024": [("What car did the user drive in 2024?", "in 2024"),
                   ("Which car did the user own in 2024?", "in 2024")],
        "p0": [
            "{name}'s {v} is ridiculous, my {rel} won't stop talking about it. What do those cost?",
            "My {rel} {name} is lending me {his} {v} for the weekend. Anything I should know before driving one?",
            "Is a {v} expensive to insure? Asking because my {rel} {name} drives one and complains constantly",
            "my {rel} {name} keeps giving me lifts in the {v}, what's a good thank-you gift",
        ],
        "p1": [
            "My {rel} {name} sold the {old} and bought a {v}. Is that a reliable car?",
            "{name} (my {rel}) just picked up a new {v}. Help me write a funny congrats text",
            "my {rel} {name} traded in {his} {old} for a {v}, is it good on long trips",
        ],
        "q_person": [("What car does the user's {rel} drive now?", "now"),
                     ("What car does the user's {rel} currently own?", "currently"),
                     ("What does the user's {rel} drive these days?", "these days"),
                     ("What car does the user's {rel} drive?", "plain")],
    },
    "bank": {
        "max_len": 3,
        "pool": ["Monzo", "Revolut", "Starling", "Barclays", "HSBC", "Lloyds", "Nationwide", "Santander",
                 "Danske Bank", "N26", "ABN AMRO", "Halifax", "NatWest", "Triodos", "bunq", "Rabobank"],
        "inc": [
            "How do I set up a standing order for rent in the {v} app?",
            "Someone texted me pretending to be {v} asking me to 'verify a payment'. Is this a scam?",
            "Can you help me make a budget spreadsheet? I'll export my transactions from {v} as CSV",
            "What's the fee if I use my {v} card abroad? Going to Spain in a few weeks",
            "my {v} card got declined at the supermarket even though i have money, why would that happen",
            "How do I dispute a charge with {v}? A subscription I cancelled took money again",
            "Is it smart to keep my emergency fund in a {v} savings account or somewhere else?",
            "How do I get a bank statement from {v} for a rental application?",
            "Explain what an arranged overdraft is, {v} keeps emailing me about it",
            "Help me write a complaint to {v}. They froze my account for 3 days with no explanation and I missed a bill.",
        ],
        "stmt": [
            "{v} sent me my year-in-review thing, apparently I spend a fortune on coffee.",
            "Paid the deposit through {v}, done.",
            "{v} app down again this morning.",
        ],
        "chg": [
            "Just opened an account with {v}, how do I move my direct debits over from {old}?",
            "I switched my salary to {v} this month. Anything I need to tell payroll?",
            "Closing my {old} account after moving everything to {v}. Anything I'm forgetting?",
            "new bank card from {v} arrived, how do i add it to my phone wallet",
            "What's a good way to organise savings in {v}? Just moved my money there",
            "Help me write a letter to close my {old} account. I bank with {v} now",
        ],
        "chg_stmt": [
            "Finally ditched {old}, everything's with {v} now.",
            "Opened a {v} account today, took about 10 minutes.",
            "All my bills come out of {v} now.",
            "Moved banks to {v}. The app is so much better.",
        ],
        "tent": [
            "Is {decoy} a good bank for someone who travels a lot? Thinking of leaving {old}",
            "Pros and cons of {decoy} vs staying with {old}?",
        ],
        "corr": [
            "Went with {v} in the end rather than {decoy}. How long does a current account switch take?",
            "not {decoy} after all, i opened with {v}. how do i set up a joint account there",
        ],
        "q_now": [("Which bank does the user use now?", "now"),
                  ("Who does the user currently bank with?", "currently"),
                  ("Which bank is the user with these days?", "these days"),
                  ("Where does the user bank?", "plain"),
                  ("What's the user's current bank?", "currently"),
                  ("Which bank holds the user's main account now?", "now")],
        "q_before": [("Which bank did the user use before?", "before"),
                     ("What was the user's previous bank?", "before"),
                     ("Which bank did the user use to be with?", "used to")],
        "q_2024": [("Which bank did the user use in 2024?", "in 2024"),
                   ("Who did the user bank with in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} banks with {v} and says it's great for travel. Is that true?",
            "{name} wants to split bills via {v}, my {rel} says it's easy. How does that work if I'm with a different bank?",
            "My {rel} {name} got a scam call from someone pretending to be {v}. How do we report it?",
            "my {rel} {name} is with {v} and wants me to switch too. what should i compare",
        ],
        "p1": [
            "My {rel} {name} moved all {his} money from {old} to {v}. Apparently the savings rate is better.",
            "{name} (my {rel}) just opened a {v} account. How long do bank switches usually take?",
            "my {rel} {name} switched to {v}, can i still send money to {him} instantly",
        ],
        "q_person": [("Which bank does the user's {rel} use now?", "now"),
                     ("Who does the user's {rel} currently bank with?", "currently"),
                     ("Which bank is the user's {rel} with these days?", "these days"),
                     ("Where does the user's {rel} bank?", "plain")],
    },
    "cafe": {
        "max_len": 3,
        "pool": ["Pret", "Costa", "Caffè Nero", "Starbucks", "Gail's", "Blue Bottle", "Joe & The Juice",
                 "Black Sheep Coffee", "Monmouth Coffee", "Tim Hortons", "Le Pain Quotidien",
                 "Espresso House", "Department of Coffee", "Workshop Coffee", "Store Street Espresso"],
        "inc": [
            "Working from {v} again today, is there a way to stop my laptop fan being so loud?",
            "Meeting a friend at {v} at 10, remind me to bring the book I borrowed",
            "What's the difference between a flat white and a cortado? The barista at {v} asked and I panicked",
            "Help me write a review for {v}, they always remember my order and I want to say something nice",
            "how many calories in an oat latte roughly? i get one at {v} basically every morning",
            "Can you plan a walking route that ends at {v}? Sunday morning, about an hour",
            "Is it weird to take a work call in {v}? It's my usual spot but it gets noisy",
            "The wifi at {v} blocks some sites, how do I use a VPN on public wifi safely?",
            "Draft a message asking my friend to meet at {v} instead of the pub, I'm off alcohol this month",
            "{v} has a loyalty card, 10 stamps = free drink. Am I saving money or being manipulated?",
        ],
        "stmt": [
            "{v} had the good pastries out this morning.",
            "My usual table at {v} was taken. Devastating.",
            "Third coffee from {v} today, don't judge.",
        ],
        "chg": [
            "My regular place is {v} now since {old} changed owners. Tips for working from cafes all day without being that person?",
            "I've switched my morning coffee run to {v}, they do oat milk for free. Is oat milk actually healthier?",
            "new go-to coffee place is {v}. help me build a morning routine around a 7:45 coffee stop",
            "Since {old} closed I've been going to {v} every morning. Any good short books to read over breakfast?",
            "{v} is my new regular spot. Is it normal to tip for counter service?",
            "Found a new favourite coffee spot, {v}. What pastry goes best with a flat white?",
        ],
        "chg_stmt": [
            "Officially a regular at {v} now, they know my order.",
            "Stopped going to {old}, {v} is so much better.",
            "{v} has become my second office.",
            "Tried {v} last week, now I'm there every morning.",
        ],
        "tent": [
            "There's a {decoy} near me, might make it my new regular instead of {old}. Is their coffee any good?",
            "Is {decoy} better than {old} for working with a laptop? Getting bored of {old} as my regular spot",
        ],
        "corr": [
            "update: i didn't end up switching to {decoy}, {v} is my spot now. anyway, is cold brew stronger than espresso?",
            "Scratch what I said about {decoy}, I've been going to {v} every morning instead. Better seats.",
        ],
        "q_now": [("Which café is the user's regular spot now?", "now"),
                  ("What café does the user currently go to most?", "currently"),
                  ("Where does the user get coffee these days?", "these days"),
                  ("What's the user's regular café?", "plain"),
                  ("Which coffee place is the user's current go-to?", "currently"),
                  ("What café does the user go to now?", "now")],
        "q_before": [("Which café was the user's regular before?", "before"),
                     ("What was the user's previous regular café?", "before"),
                     ("Which café did the user use to go to?", "used to")],
        "q_2024": [("Which café was the user's regular in 2024?", "in 2024"),
                   ("Where did the user usually get coffee in 2024?", "in 2024")],
        "p0": [
            "My {rel} {name} swears by {v} for coffee. Is it worth the hype?",
            "Meeting my {rel} {name} at {v} later, it's {his} usual spot. Remind me at 2pm?",
            "{name} (my {rel}) basically lives at {v}. What's a good gift card amount for a coffee addict?",
            "my {rel} {name} always picks {v} when we meet up, what's good there besides coffee",
        ],
        "p1": [
            "My {rel} {name} has a new regular café now, {v}. Apparently the pastries are unreal.",
            "{name}, my {rel}, stopped going to {old} and is at {v} every morning now. Should I meet {him} there?",
            "my {rel} {name} has switched {his} coffee spot to {v}. is it any good?",
        ],
        "q_person": [("Which café is the user's {rel}'s regular spot now?", "now"),
                     ("What café does the user's {rel} currently go to?", "currently"),
                     ("Where does the user's {rel} get coffee these days?", "these days"),
                     ("What's the user's {rel}'s regular café?", "plain")],
    },
}

BREEDS = ["beagle", "border collie", "labrador", "cocker spaniel", "dachshund", "greyhound", "whippet",
          "staffie", "cockapoo", "corgi", "jack russell", "golden retriever", "shiba inu", "springer spaniel"]
ROLES = ["data analyst", "product designer", "software engineer", "project manager", "marketing manager",
         "UX researcher", "accountant", "account manager", "HR advisor", "financial analyst"]
MANAGERS = ["Priya", "Sven", "Marta", "Daniel", "Grace", "Tomasz", "Aisha", "Lukas", "Hannah", "Raj",
            "Ingrid", "Kwame"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
TIMES = ["6:30am", "7am", "7:30am", "12:15", "6pm", "6:30pm", "7pm"]

RELATIONS = [("sister", "f"), ("brother", "m"), ("colleague", None), ("neighbour", None),
             ("best friend", None), ("cousin", None), ("mum", "f"), ("dad", "m")]
NAMES_F = ["Anna", "Sophie", "Lena", "Maya", "Chloe", "Ines", "Freya", "Nadia", "Elif", "Roisin"]
NAMES_M = ["Tom", "Ben", "Jonas", "Sam", "Luca", "Omar", "Felix", "Rory", "Mateo", "Arjun"]
PRON = {"f": {"he": "she", "He": "She", "his": "her", "him": "her"},
        "m": {"he": "he", "He": "He", "his": "his", "him": "him"}}

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
_TIME_WORDS = [("in 2024", re.compile(r"\bin 2024\b", re.I)),
               ("used to", re.compile(r"\buse(d)? to\b", re.I)),
               ("before", re.compile(r"\b(before|previous)\b", re.I)),
               ("these days", re.compile(r"\bthese days\b", re.I)),
               ("currently", re.compile(r"\bcurrent(ly)?\b", re.I)),
               ("now", re.compile(r"\bnow\b", re.I))]


def kind_of(question):
    for kind, rx in _TIME_WORDS:
        if rx.search(question):
            return kind
    return "plain"


def _rand_dt(rng, start, end):
    span = int((end - start).total_seconds())
    return start + timedelta(seconds=rng.randint(0, span))


def _daytime(rng, day):
    """A realistic waking-hours timestamp on the date of `day`."""
    return datetime(day.year, day.month, day.day, rng.randint(7, 22), rng.randint(0, 59),
                    rng.randint(0, 59), tzinfo=UTC)


def _snap(rng, ts, lo=None, hi=None):
    """Move ts to a waking hour of its own day if that keeps it inside (lo, hi)."""
    c = _daytime(rng, ts)
    if (lo is None or c > lo) and (hi is None or c < hi):
        return c
    return ts


def _fix_articles(s, vals):
    for val in vals:
        if val and val[0].lower() in "aeiou" and not val.lower().startswith(("one", "uni", "eu", "u")):
            s = re.sub(r"\b([Aa]) (" + re.escape(val) + r")\b",
                       lambda m: ("An " if m.group(1) == "A" else "an ") + m.group(2), s, flags=re.I)
    return s


def _join_suffix(t, suf, rng):
    t = t.rstrip()
    if t and t[-1] not in ".?!)":
        last = re.split(r"[.?!]\s+", t)[-1]
        question = re.match(r"(how|what|is|can|why|which|where|does|should|any)\b", last, re.I)
        t += "?" if question else "."
    return t + suf


def _claim(ts, used):
    key = int(ts.timestamp())
    while key in used:
        key += 1
    used.add(key)
    return datetime.fromtimestamp(key, tz=UTC)


def _typo(text, rng):
    parts = re.split(r"(\s+)", text)
    idx = [i for i, w in enumerate(parts) if w.isalpha() and len(w) >= 5]
    if not idx:
        return text
    i = rng.choice(idx)
    w = parts[i]
    op = rng.randrange(3)
    j = rng.randint(1, len(w) - 3)
    if op == 0:
        w = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    elif op == 1:
        w = w[:j] + w[j] + w[j:]
    else:
        w = w[:j] + w[j + 1:]
    parts[i] = w
    return "".join(parts)


PREFIXES = ["Quick question: ", "hey, ", "Okay so ", "Random one, but ", "hi! ", "Sorry, another one. ",
            "Bit of context first: it's been a chaotic week. ", "ugh. "]
SUFFIXES = [" Thanks!", " thx", " Keep it short please.", " No rush.", " ty", " (be honest)",
            " Bullet points are fine.", " cheers"]


def _decap(t):
    if t.startswith("{") or t.startswith("I ") or t.startswith("I'"):
        return t
    return t[:1].lower() + t[1:]


def _render(tpl, ctx, rng, wrap=True):
    t = tpl
    if rng.random() < 0.12:
        t = _typo(t, rng)
    if wrap and rng.random() < 0.25:
        if rng.random() < 0.5:
            t = rng.choice(PREFIXES) + _decap(t)
        else:
            t = _join_suffix(t, rng.choice(SUFFIXES), rng)
    lower = rng.random() < 0.18
    if lower:
        t = t.lower()
    s = t.format(**ctx)
    if lower and rng.random() < 0.5:
        s = s.lower()
    return _fix_articles(s, [ctx.get("v"), ctx.get("old"), ctx.get("decoy")])


def _pick(rng, lst, used):
    fresh = [t for t in lst if t not in used]
    t = rng.choice(fresh or lst)
    used.add(t)
    return t


def _iso(ts):
    return ts.isoformat()


# ---------------------------------------------------------------------------
# core (facts + questions): depends only on (user, seed)
# ---------------------------------------------------------------------------
def _change_dates(rng, k):
    lo = datetime(2025, 1, 8, tzinfo=UTC)
    hi = datetime(2025, 9, 20, tzinfo=UTC)
    while True:
        ds = sorted(_rand_dt(rng, lo, hi) for _ in range(k))
        if all((b - a).days >= 30 for a, b in zip(ds, ds[1:])):
            return ds


def _build_core(rng):
    role = rng.choice(ROLES)
    used_ts = set()
    core = []          # dicts: content, created(datetime), fact(optional)
    questions = []
    chains = {}        # (subject, slot) -> values
    taken_vals = {s: set() for s in SLOT_ORDER}

    # ---- user chains ----
    user_plan = {}
    for slot in SLOT_ORDER:
        spec = SLOTS[slot]
        n = rng.choices([2, 3, 4], weights=[35, 50, 15])[0]
        n = min(n, spec["max_len"])
        vals = rng.sample(spec["pool"], n)
        chains[("user", slot)] = vals
        taken_vals[slot].update(vals)
        user_plan[slot] = vals

    # ---- people ----
    rels = rng.sample(RELATIONS, 4)
    fnames, mnames = NAMES_F[:], NAMES_M[:]
    rng.shuffle(fnames)
    rng.shuffle(mnames)
    people = []
    for rel, g in rels:
        g = g or rng.choice("fm")
        name = fnames.pop() if g == "f" else mnames.pop()
        slots = rng.sample(SLOT_ORDER, 3)
        people.append((rel, g, name, slots))
        for slot in slots:
            n = rng.choice([1, 2])
            avail = [v for v in SLOTS[slot]["pool"] if v not in taken_vals[slot]]
            vals = rng.sample(avail, n)
            taken_vals[slot].update(vals)
            chains[(rel, slot)] = vals

    # ---- corrections (which user transitions get a tentative + correction) ----
    transitions = [(slot, i) for slot in SLOT_ORDER for i in range(1, len(user_plan[slot]))]
    n_corr = min(len(transitions), rng.randint(2, 4))
    corr_set = set(rng.sample(transitions, n_corr))
    decoys = {}
    for slot, i in sorted(corr_set):
        avail = [v for v in SLOTS[slot]["pool"] if v not in taken_vals[slot]]
        d = rng.choice(avail)
        taken_vals[slot].add(d)
        decoys[(slot, i)] = d

    # ---- user fact memories ----
    for slot in SLOT_ORDER:
        spec = SLOTS[slot]
        vals = user_plan[slot]
        n = len(vals)
        t0 = _rand_dt(rng, datetime(2024, 9, 8, tzinfo=UTC), datetime(2024, 12, 10, tzinfo=UTC))
        starts = [_daytime(rng, t) for t in [t0] + _change_dates(rng, n - 1)]
        ends = starts[1:] + [datetime(2025, 9, 29, 12, tzinfo=UTC)]
        used_tpl = set()
        extras = [{"breed": rng.choice(BREEDS), "manager": rng.choice(MANAGERS)} for _ in vals]
        for i, v in enumerate(vals):
            base = {"v": v, "old": vals[i - 1] if i else "", "decoy": "", "role": role,
                    "day": rng.choice(DAYS), "time": rng.choice(TIMES),
                    "commute": rng.choice([15, 20, 25, 30, 40]), **extras[i]}
            fact = {"subject": "user", "slot": slot, "index": i, "value": v}
            s, e = starts[i], ends[i]
            # first mention of value i
            if i > 0 and (slot, i) in corr_set:
                base["decoy"] = decoys[(slot, i)]
                tpl = _pick(rng, spec["corr"], used_tpl)
                content = _render(tpl, base, rng, wrap=False)
            elif i == 0 or rng.random() < 0.15:
                stmt = rng.random() < 0.25
                lst = spec["stmt"] if stmt else spec["inc"]
                content = _render(_pick(rng, lst, used_tpl), base, rng, wrap=not stmt)
            else:
                stmt = rng.random() < 0.25
                lst = spec["chg_stmt"] if stmt else spec["chg"]
                content = _render(_pick(rng, lst, used_tpl), base, rng, wrap=not stmt)
            first_ts = s
            core.append({"content": content, "created": _claim(first_ts, used_ts), "fact": fact})
            gap = e - s
            last_ts = first_ts
            # reinforcement mention of value i
            if i == 0 or i == n - 1 or rng.random() < 0.75:
                ts = _snap(rng, s + gap * rng.uniform(0.15, 0.55), s, e)
                stmt = rng.random() < 0.25
                lst = spec["stmt"] if stmt else spec["inc"]
                base2 = dict(base, day=rng.choice(DAYS), time=rng.choice(TIMES))
                content = _render(_pick(rng, lst, used_tpl), base2, rng, wrap=not stmt)
                last_ts = _claim(ts, used_ts)
                core.append({"content": content, "created": last_ts, "fact": dict(fact)})
            # tentative mention of a decoy before a corrected change (unlabelled)
            if (slot, i + 1) in corr_set:
                ts = e - timedelta(days=rng.uniform(2, 12))
                if ts <= last_ts:
                    ts = last_ts + (e - last_ts) / 2
                ts = _snap(rng, ts, last_ts, e)
                ctx = dict(base, old=v, decoy=decoys[(slot, i + 1)])
                tpl = _pick(rng, spec["tent"], used_tpl)
                content = _render(tpl, ctx, rng)
                mem = {"content": content, "created": _claim(ts, used_ts)}
                if "{old}" in tpl:   # "...upgrading from my {old}" states the current value
                    mem["fact"] = dict(fact)
                core.append(mem)

        # questions for this user slot
        nows = rng.sample(spec["q_now"], len(spec["q_now"]))
        q1 = nows[0]
        q2 = next(q for q in nows[1:] if q[1] != q1[1])
        for q, kind in (q1, q2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now",
                              "gold": n - 1, "values": list(vals), "kind": kind})
        q, kind = rng.choice(spec["q_before"])
        questions.append({"question": q, "subject": "user", "slot": slot, "tense": "before",
                          "gold": n - 2, "values": list(vals), "kind": kind})
        q, kind = rng.choice(spec["q_2024"])
        questions.append({"question": q, "subject": "user", "slot": slot, "tense": "before",
                          "gold": 0, "values": list(vals), "kind": kind})

    # ---- people fact memories ----
    people_used = set()
    for rel, g, name, slots in people:
        for slot in slots:
            spec = SLOTS[slot]
            vals = chains[(rel, slot)]
            if len(vals) == 1:
                dates = [_rand_dt(rng, datetime(2024, 9, 20, tzinfo=UTC), datetime(2025, 8, 31, tzinfo=UTC))]
            else:
                dates = [_rand_dt(rng, datetime(2024, 9, 15, tzinfo=UTC), datetime(2025, 2, 28, tzinfo=UTC)),
                         _rand_dt(rng, datetime(2025, 3, 20, tzinfo=UTC), datetime(2025, 9, 25, tzinfo=UTC))]
            for i, v in enumerate(vals):
                ctx = {"v": v, "old": vals[i - 1] if i else "", "rel": rel, "name": name,
                       "breed": rng.choice(BREEDS), **PRON[g]}
                tpl = _pick(rng, spec["p1"] if i else spec["p0"], people_used)
                content = _render(tpl, ctx, rng)
                core.append({"content": content, "created": _claim(_daytime(rng, dates[i]), used_ts),
                             "fact": {"subject": rel, "slot": slot, "index": i, "value": v}})
            q, kind = rng.choice(spec["q_person"])
            questions.append({"question": q.format(rel=rel), "subject": rel, "slot": slot, "tense": "now",
                              "gold": len(vals) - 1, "values": list(vals), "kind": kind})

    # distinct contents inside the core (re-render is never needed in practice, but be safe)
    seen = set()
    for m in core:
        c = m["content"]
        k = 2
        while c in seen:
            c = m["content"] + " " * 0 + (" (again)" if k == 2 else f" ({k})")
            k += 1
        m["content"] = c
        seen.add(c)

    rng.shuffle(questions)
    exclude = sorted({v for vals in chains.values() for v in vals} | set(decoys.values()),
                     key=len, reverse=True)
    return core, questions, exclude, used_ts


# ---------------------------------------------------------------------------
# filler
# ---------------------------------------------------------------------------
DISHES = ["a mushroom risotto", "chicken tikka masala", "a vegetarian lasagne", "shakshuka", "banana bread",
          "a lentil soup", "pad thai", "beef stew", "a chickpea curry", "fish tacos", "carbonara",
          "a Greek salad", "overnight oats", "a frittata", "ramen", "stuffed peppers", "a Sunday roast",
          "falafel", "a berry crumble", "miso salmon", "gnocchi", "a tomato galette", "dal",
          "chili con carne", "sourdough", "a quiche", "fluffy pancakes", "a veggie stir fry", "burrito bowls",
          "minestrone", "butter chicken", "a tray bake"]
CONSTRAINTS = ["is ready in under 30 minutes", "serves six", "doesn't need an oven", "is dairy-free",
               "is high in protein", "uses one pan", "freezes well in portions", "is mild enough for a fussy 7-year-old",
               "works in a slow cooker", "is cheap", "is gluten-free", "doesn't use garlic",
               "uses up leftover rice", "is nut-free for a school lunch", "can be made ahead on Sunday"]
INGR = ["chickpeas", "spinach", "half a cabbage", "leftover chicken", "eggs", "feta", "a tin of tomatoes",
        "sweet potatoes", "coconut milk", "rice", "mushrooms", "courgettes", "halloumi", "frozen peas",
        "a bag of lentils", "cheddar", "leeks", "bacon", "tortillas", "a butternut squash", "salmon fillets",
        "black beans", "cauliflower", "yoghurt", "pasta", "tofu", "kale", "carrots", "ground beef", "potatoes"]
LANGS = ["Python", "JavaScript", "TypeScript", "Rust", "Go", "Java", "C#", "Kotlin", "Ruby", "PHP", "Swift"]
TASKS = ["read a CSV and group by a column", "remove duplicates from a list but keep the order",
         "parse dates in different formats", "retry a failing HTTP request with backoff",
         "split a string on multiple delimiters", "write a unit test for a function that calls an API",
         "flatten a nested list", "rename a bunch of files by date", "merge two dictionaries",
         "convert a timestamp to a different timezone", "read a large file line by line",
         "pad numbers with leading zeros", "sort objects by two keys", "roughly validate an email address",
         "count word frequencies in a text", "debounce a function", "get the last day of the month",
         "paginate through results from an API", "deep copy an object", "check if a string is a palindrome",
         "compare two lists and find what's missing", "read environment variables with a default",
         "generate a random password", "time how long a function takes", "log errors to a file"]
CODE_T = ["{lang}: how do I {t}?", "quick {lang} question - what's the cleanest way to {t}",
          "In {lang}, how would you {t}? Short example please",
          "Why is my {lang} code to {t} so slow? Fine on small inputs, dies on big ones",
          "write me a {lang} snippet to {t}, with comments", "what's the idiomatic way to {t} in {lang}",
          "I keep getting an error when I try to {t} in {lang}. What are the usual mistakes?"]
SHEET_TOOLS = ["Excel", "Google Sheets", "SQL", "pandas"]
SHEET_TASKS = ["pivot rows into columns", "find duplicates in a column", "calculate a running total",
               "get the top 3 rows per group", "count unique values per month", "fill blanks with the value above",
               "calculate month-over-month percentage change", "join two tables on a date range",
               "split full names into first and last"]
PLACES = ["Porto", "Kyoto", "Reykjavik", "Marrakech", "Seville", "Krakow", "Prague", "Budapest", "Tallinn",
          "Bologna", "Naples", "Split", "Ljubljana", "Istanbul", "Oslo", "Stockholm", "Paris", "Rome",
          "New York", "Tokyo", "Seoul", "Mexico City", "Cape Town", "Hanoi", "Valencia", "Bruges", "Florence"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
TRAVEL_T = ["What's the best time of year to visit {p}?", "Packing list for {n} days in {p} in {m}, carry-on only",
            "Is {n} days enough for {p}? First time going", "cheapest way to get around {p} as a tourist",
            "Give me a rough {n}-day itinerary for {p}. We like food and walking, not museums",
            "what should i know about tipping in {p}",
            "We have a {h}-hour layover in {p}, is it worth leaving the airport?",
            "my flight to {p} got delayed {h} hours, am i entitled to compensation",
            "Does travel insurance usually cover cancelled flights? Flying to {p} in {m}",
            "What are some day trips from {p} that are doable by train?",
            "Which neighbourhood should we stay in for {n} nights in {p}?"]
WHEN = ["tomorrow morning", "this weekend", "on Saturday", "tonight", "later today", "on Sunday afternoon"]
ACTS = ["go for a long run", "have a barbecue", "cycle in", "hang washing outside", "take the kids to the park",
        "paint the fence", "go paddleboarding", "walk to the market", "do a picnic", "go hiking",
        "wash the windows", "have friends over in the garden"]
WEATHER_T = [("is it going to be too windy {w} to {a}?", 0, 0),
             ("What should I wear to {a} if it's {d} degrees and drizzly?", 3, 16),
             ("Is {d}°C too hot to {a} with kids?", 27, 36),
             ("how cold is too cold to {a}? forecast says {d} degrees {w}", -4, 4),
             ("It's meant to rain {w}. Still worth trying to {a}, or should I move it?", 0, 0),
             ("Forecast says {d} and sunny {w}, perfect day to {a}? Or will it be too busy everywhere", 18, 26)]
SHOWS = ["Severance", "The Bear", "Slow Horses", "Succession", "Shrinking", "The White Lotus",
         "Only Murders in the Building", "Bluey", "Stranger Things", "Ted Lasso", "Fleabag", "Dark",
         "The Last of Us", "Abbott Elementary", "Blue Planet", "Taskmaster", "The Great British Bake Off",
         "Andor", "Arcane", "Shogun", "Normal People", "The Crown", "Emily in Paris", "Money Heist",
         "Squid Game", "Mare of Easttown", "Schitt's Creek", "Parks and Recreation", "Derry Girls", "Reservation Dogs"]
DRAMAS = ["Severance", "Slow Horses", "Succession", "The White Lotus", "Dark", "The Last of Us", "Andor",
          "Shogun", "Normal People", "Mare of Easttown", "Money Heist", "Squid Game", "Stranger Things"]
SHOW_MODS = ["shorter", "less depressing", "with more comedy", "that I can watch with my parents",
             "with shorter episodes", "that's actually finished", "in another language", "with less violence"]
TV_T = ["Recommend something like {s} but {mod}", "is {s} worth starting? zero patience for slow first episodes",
        "Without spoilers, how many seasons of {s} are there and is it finished?",
        "Just finished {s}. What should I watch next with a similar vibe?",
        "Explain the ending of {d}, I was half asleep for the last episode",
        "Give me five shows like {s}, but {mod}"]
WHO = ["two kids under 6", "my parents", "a group of friends", "my partner", "my nephew who is 10",
       "friends visiting from abroad", "just me", "a toddler and a grandparent"]
ADJ = ["lazy", "rainy", "active", "cheap", "outdoorsy", "cosy", "productive", "spontaneous"]
MONEY = ["20 euros", "£50", "$100", "about 30 quid", "€80", "basically nothing"]
WEEKEND_T = ["Ideas for {a_adj} Saturday with {who}, budget {mon}",
             "what can we do this weekend if it rains? {who}, nothing too expensive",
             "Help me plan a birthday picnic for {who}, about {n} people",
             "Give me {n} ideas for {a_adj} evening at home that aren't just a film",
             "Plan {a_adj} Sunday for {who}. Budget: {mon}"]
ERRANDS = ["pick up the dry cleaning", "renew my passport", "return the parcel", "call the plumber back",
           "pay the electricity bill", "buy a birthday card for mum", "order more printer ink", "book an eye test",
           "water the plants", "take the bins out", "cancel the free trial before it charges",
           "buy batteries for the smoke alarm", "send the rent", "defrost the freezer", "book a haircut",
           "pick up the prescription", "reply to the school email", "buy stamps", "post the birthday present",
           "move the washing to the dryer", "submit the expense claim", "check the tyre pressure",
           "book the boiler service", "get cash for the window cleaner", "ring the bank about the letter"]
ERR_WHEN = ["tomorrow at 9", "on Friday", "next Monday", "this evening", "at lunchtime", "in two hours",
            "on the 1st", "before the weekend", "Thursday after work", "Sunday morning"]
ERR_T = ["Remind me to {e} {w}", "add '{e}' to my to-do list, {w}", "don't let me forget: {e}, {w}",
         "Can you set a reminder to {e} {w}?", "reminder pls - {e} {w}"]
GENERIC = [
    "any tips to stop doom-scrolling on my phone at night?", "how do i stop my phone autocorrecting ill to I'll",
    "is it bad to charge a phone overnight", "What's the best way to clean a phone screen without damaging it?",
    "Should I turn off background app refresh to save battery?", "what usually takes the most space on a phone",
    "how do people do a digital detox without losing touch with everyone",
    "is it worth buying a refurbished phone or is that a gamble",
    "Is it rude to check your phone during dinner with friends?",
    "how do I stay motivated to go to the gym when it's dark at 5pm",
    "How many rest days per week should a beginner take from the gym?",
    "is it normal to still be sore three days after the gym", "gym anxiety is real, how do people get over it",
    "What should be in a gym bag?", "How long should a gym session actually be?",
    "What's the best way to explore a city on a 6-hour layover?",
    "which european cities are good for a cheap weekend in winter",
    "Why do some cities have such bad public transport?", "how do big cities cope with heatwaves",
    "Generally, is it cheaper to live in a city centre or commute in?",
    "How do I stop thinking about work on weekends?", "what's a polite way to say 'per my last email'",
    "Give me a template for a weekly status update at work",
    "how to deal with a coworker who keeps interrupting in meetings",
    "Is it normal to feel burnt out after a big project at work?",
    "Help me write a short thank-you note to someone who covered for me at work",
    "Tips for running a meeting that actually ends on time?",
    "my dog keeps barking at the postman, how do I stop it", "Which houseplants are toxic to dogs?",
    "how hot is too hot to walk a dog on pavement", "Is peanut butter okay for dogs?",
    "How do I find a good dog walker?", "Why do dogs eat grass?",
    "how often should you actually change your car's oil", "What does the tyre pressure warning light mean?",
    "is it cheaper to charge an EV at home or at a public charger",
    "What's the difference between a current account and a savings account?",
    "How do I spot a scam text pretending to be from a bank?",
    "is it worth having two bank accounts for budgeting", "Is it bad to drink four coffees a day?",
    "how do i make a decent flat white at home without a machine",
    "What's a reasonable amount to tip a barista, if at all?",
]
GEN_TAILS = ["", " asking for a friend", " Keep it brief.", " Thanks!", " (be honest)", " no essays pls",
             " lol", " Serious question."]
NEWS_T = {
    "bank": ["Saw a headline that {x} is closing more branches. Is that happening everywhere?",
             "Is {x} a safe bank? A friend keeps recommending it",
             "Why does everyone on Reddit hate {x}'s app?"],
    "employer": ["Is it true {x} is doing another round of layoffs? Read something on the train",
                 "Just read that {x} announced record profits. What does 'operating margin' mean?",
                 "What does {x} actually do? Their adverts are everywhere and I still have no idea"],
    "phone": ["Reviews of the {x} seem mixed, what are people complaining about?",
              "Why is the {x} so cheap now? Is there a catch?"],
    "gym": ["My friend says {x} is cheaper than it looks. What's the usual catch with gym contracts?",
            "Saw an ad for {x} on the bus. Are those joining fees ever worth it?"],
    "car": ["Why does everyone online hate the {x}? Genuinely curious",
            "A {x} nearly reversed into me today. Do they have bad rear visibility or was it the driver?"],
    "cafe": ["{x} is opening a branch at the airport apparently. Is their coffee any good?",
             "Why is {x} so expensive now? A latte was nearly a fiver"],
    "city": ["Someone at the next table said {x} has the worst rents in Europe now. Is that true?",
             "Watching a documentary set in {x}, is it as nice as it looks?",
             "Is it true {x} is banning cars from the centre?"],
}
CONCEPTS = ["inflation", "compound interest", "how vaccines work", "black holes", "the offside rule",
            "index funds", "how tides work", "why the sky is blue", "how noise-cancelling headphones work",
            "photosynthesis", "what an API is", "how a heat pump works", "what carbon offsets actually do",
            "how credit scores work", "what a recession technically is", "quantum computing",
            "the Monty Hall problem", "how jet lag works", "how interest rate rises affect mortgages",
            "how a bill becomes law"]
PAIRS = [("baking soda", "baking powder"), ("a virus", "bacteria"), ("weather", "climate"), ("affect", "effect"),
         ("HDMI 2.0", "HDMI 2.1"), ("latitude", "longitude"), ("an ETF", "a mutual fund"),
         ("a crocodile", "an alligator"), ("empathy", "sympathy"), ("LED", "OLED"), ("a cold", "the flu"),
         ("a muffin", "a cupcake"), ("stocks", "bonds")]
STYLES = ["like I'm five", "in three sentences", "with an example", "for a curious 12-year-old", "without jargon"]
TONES = ["polite", "firm but friendly", "short", "apologetic", "funny", "formal"]
WRITE_COMBOS = {
    "my landlord": ["a broken boiler", "the leaking gutter", "getting the deposit back", "mould in the bathroom",
                    "the rent increase"],
    "the school": ["a missed homework deadline", "a dentist appointment during class", "the school trip payment"],
    "a plumber who never showed up": ["the missed appointment", "getting the call-out fee refunded"],
    "the group chat": ["splitting the cost of a gift", "rescheduling dinner", "cancelling plans last minute",
                       "a birthday surprise"],
    "my downstairs neighbour": ["a noisy party next weekend", "borrowing a ladder", "a parcel I took in for them",
                                "the shared bins"],
    "a client": ["a delayed delivery date", "an overdue invoice", "rescheduling our call"],
    "our building manager": ["the broken lift", "someone parking across the driveway", "the entry buzzer not working"],
    "an old friend I haven't spoken to in years": ["meeting up for a coffee", "their wedding announcement"],
    "a customer service team": ["a late refund", "a missed delivery", "a lost parcel", "being charged twice"],
    "the council": ["a missed bin collection", "a pothole on our street", "a broken streetlight"],
}
ITEMS = ["a mattress", "a winter coat", "running shoes", "a desk chair", "an air fryer", "a rice cooker",
         "a kids' bike", "noise-cancelling headphones", "a standing desk", "a dehumidifier", "a baby monitor",
         "a sofa bed", "a robot vacuum", "a coffee grinder"]
SHOP_T = ["What should I look for when buying {i}?", "is it worth spending more on {i} or is mid-range fine",
          "best time of year to buy {i} on sale?", "help me choose {i} for under {mon}",
          "What are the most common regrets people have after buying {i}?"]
BODY = ["lower back", "neck", "hips", "shoulders", "hamstrings", "wrists", "upper back"]
ROUTINE = ["yoga", "core", "mobility", "HIIT", "stretching", "bodyweight"]
HEALTH_T = ["what's a good stretching routine for my {b} after sitting all day",
            "Give me a {n}-minute {r} routine I can do in the living room",
            "my {b} is stiff every morning, what gentle exercises help?",
            "Is a {n}-minute {r} session every day better than one long one a week?"]
SHORT = ["thanks, that worked!", "perfect, ty", "hmm that didn't work, try again?", "can you make it shorter",
         "ok now make it more formal", "lol", "never mind, figured it out", "can you translate that into Spanish",
         "good morning!", "make that a bulleted list", "shorter please", "too cheesy, tone it down",
         "that's great, thank you", "wait, say that again but simpler", "no, the other one", "ok",
         "can you put that in a table", "love it", "hmm not quite", "try a different approach"]


def _filler_one(rng, news_pools):
    r = rng.random()
    if r < 0.14:
        k = rng.random()
        if k < 0.4:
            return rng.choice(["Give me a recipe for {d} that {c}.", "can you adapt {d} so it {c}",
                               "I want to make {d} tonight but it has to be something that {c}. Ideas?"]
                              ).format(d=rng.choice(DISHES), c=rng.choice(CONSTRAINTS))
        if k < 0.6:
            return rng.choice(["What's a good side to go with {d}?", "how do i stop {d} turning out bland",
                               "Scale {d} for {n} people please, and give me a shopping list",
                               "Can I freeze {d}? How long does it keep?"]
                              ).format(d=rng.choice(DISHES), n=rng.randint(3, 12))
        a, b, c = rng.sample(INGR, 3)
        return rng.choice(["what can I make with {a}, {b} and {c}? nothing fancy",
                           "Got {a} and {b} that need using up today. Dinner ideas?",
                           "Fridge contents: {a}, {b}, {c}. Inspire me."]).format(a=a, b=b, c=c)
    if r < 0.27:
        if rng.random() < 0.75:
            return rng.choice(CODE_T).format(lang=rng.choice(LANGS), t=rng.choice(TASKS))
        return rng.choice(["In {tool}, how do I {t}?", "{tool} question: best way to {t}?",
                           "how would you {t} in {tool}", "Show me how to {t} using {tool}"]
                          ).format(tool=rng.choice(SHEET_TOOLS), t=rng.choice(SHEET_TASKS))
    if r < 0.39:
        return rng.choice(TRAVEL_T).format(p=rng.choice(news_pools["places"]), n=rng.randint(2, 10),
                                           m=rng.choice(MONTHS), h=rng.randint(3, 11))
    if r < 0.45:
        tpl, lo, hi = rng.choice(WEATHER_T)
        return tpl.format(w=rng.choice(WHEN), a=rng.choice(ACTS), d=rng.randint(lo, hi))
    if r < 0.53:
        return rng.choice(TV_T).format(s=rng.choice(SHOWS), mod=rng.choice(SHOW_MODS), d=rng.choice(DRAMAS))
    if r < 0.59:
        adj = rng.choice(ADJ)
        a_adj = ("an " if adj[0] in "aeiou" else "a ") + adj
        return rng.choice(WEEKEND_T).format(a_adj=a_adj, who=rng.choice(WHO), mon=rng.choice(MONEY),
                                            n=rng.randint(3, 15))
    if r < 0.67:
        return rng.choice(ERR_T).format(e=rng.choice(ERRANDS), w=rng.choice(ERR_WHEN))
    if r < 0.77:
        tail = rng.choice(GEN_TAILS)
        return _join_suffix(rng.choice(GENERIC), tail, rng) if tail else rng.choice(GENERIC)
    if r < 0.81:
        slot = rng.choice(sorted(NEWS_T))
        pool = news_pools[slot]
        if not pool:
            return rng.choice(GENERIC) + rng.choice(GEN_TAILS)
        return rng.choice(NEWS_T[slot]).format(x=rng.choice(pool))
    if r < 0.86:
        if rng.random() < 0.6:
            return rng.choice(["explain {c} {s}", "Can you explain {c} {s}?", "{c}: explain it {s} please"]
                              ).format(c=rng.choice(CONCEPTS), s=rng.choice(STYLES))
        a, b = rng.choice(PAIRS)
        return rng.choice(["What's the difference between {a} and {b}?",
                           "{a} vs {b}, explain {s}"]).format(a=a, b=b, s=rng.choice(STYLES))
    if r < 0.92:
        rec = rng.choice(sorted(WRITE_COMBOS))
        return rng.choice(["Help me write a {t} message to {r} about {p}",
                           "Draft a {t} email to {r} re: {p}",
                           "can you word a {t} text to {r} about {p}"]
                          ).format(t=rng.choice(TONES), r=rec, p=rng.choice(WRITE_COMBOS[rec]))
    if r < 0.95:
        return rng.choice(SHOP_T).format(i=rng.choice(ITEMS), mon=rng.choice(["£200", "€150", "$300", "500 euros", "£80"]))
    if r < 0.98:
        return rng.choice(HEALTH_T).format(b=rng.choice(BODY), r=rng.choice(ROUTINE), n=rng.choice([5, 10, 15, 20, 30]))
    return rng.choice(SHORT)


def _style_filler(s, rng):
    if s in SHORT:
        return s.capitalize() if rng.random() < 0.3 else s
    if rng.random() < 0.08:
        s = _typo(s, rng)
    x = rng.random()
    if x < 0.12:
        s = rng.choice(PREFIXES) + _decap(s)
    elif x < 0.22:
        s = _join_suffix(s, rng.choice(SUFFIXES), rng)
    if rng.random() < 0.15:
        s = s.lower()
    return s


def _fold(text):
    # (added when the set was taken into bench/: the import merges texts that differ only in case and
    # punctuation, as an exact duplicate said again, so filler is distinct in that folded form)
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _make_filler(n, rng, exclude, taken, used_ts):
    ex_re = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(v) for v in exclude) + r")(?!\w)", re.I)
    news_pools = {slot: [v for v in SLOTS[slot]["pool"] if not ex_re.search(v)] for slot in NEWS_T}
    news_pools["places"] = [p for p in PLACES + SLOTS["city"]["pool"] if not ex_re.search(p)]
    out = []
    attempts = 0
    while len(out) < n:
        attempts += 1
        if attempts > 100 * n + 10000:
            raise RuntimeError("filler space exhausted")
        s = _style_filler(_filler_one(rng, news_pools), rng)
        if _fold(s) in taken or ex_re.search(s):
            continue
        taken.add(_fold(s))
        ts = _claim(_daytime(rng, _rand_dt(rng, FILLER_START, FILLER_END)), used_ts)
        out.append({"content": s, "created": ts})
    return out


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------
def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"blind12/{seed}/{user}")
    core, questions, exclude, used_ts = _build_core(rng)
    if size < len(core):
        # keep one mention per chain position first, then the rest in date order
        core_sorted = sorted(core, key=lambda m: m["created"])
        firsts, rest, seen = [], [], set()
        for m in core_sorted:
            f = m.get("fact")
            key = (f["subject"], f["slot"], f["index"]) if f else None
            if f and key not in seen:
                seen.add(key)
                firsts.append(m)
            else:
                rest.append(m)
        core = (firsts + rest)[:max(size, 0)]
        present = {(m["fact"]["subject"], m["fact"]["slot"], m["fact"]["index"]) for m in core if m.get("fact")}
        questions = [q for q in questions
                     if all((q["subject"], q["slot"], i) in present for i in range(len(q["values"])))]
        filler = []
    else:
        frng = random.Random(f"blind12/{seed}/{user}/filler")
        taken = {_fold(m["content"]) for m in core}
        filler = _make_filler(size - len(core), frng, exclude, taken, set(used_ts))
    mems = sorted(core + filler, key=lambda m: m["created"])
    memories = []
    for m in mems:
        d = {"content": m["content"], "created": _iso(m["created"])}
        if m.get("fact"):
            d["fact"] = dict(m["fact"])
        memories.append(d)
    return {"split": "blind12", "user": user, "seed": seed, "now": NOW_ISO,
            "memories": memories, "questions": [dict(q) for q in questions]}


# ---------------------------------------------------------------------------
# self check
# ---------------------------------------------------------------------------
def self_check():
    # static checks on the template bank
    for slot, spec in SLOTS.items():
        user_tpls = spec["inc"] + spec["stmt"] + spec["chg"] + spec["chg_stmt"]
        assert len(spec["inc"]) + len(spec["stmt"]) >= 10 and len(spec["chg"]) + len(spec["chg_stmt"]) >= 10, slot
        assert len(set(user_tpls)) == len(user_tpls), slot
        assert len(spec["pool"]) >= 12, slot
        low = [v.lower() for v in spec["pool"]]
        for a in low:
            for b in low:
                assert a == b or a not in b, (slot, a, b)
        for q, k in spec["q_now"] + spec["q_before"] + spec["q_2024"] + spec["q_person"]:
            assert kind_of(q) == k, (q, k, kind_of(q))
    summary = []
    for user in range(4):
        results = {size: generate(size, user=user, seed=0) for size in (100, 1000, 10000)}
        ref_facts = ref_q = None
        for size, d in results.items():
            mems = d["memories"]
            assert d["split"] == "blind12" and d["user"] == user and d["seed"] == 0
            assert len(mems) == size, (size, len(mems))
            contents = [m["content"] for m in mems]
            assert len(set(contents)) == len(contents), "duplicate contents"
            created = [datetime.fromisoformat(m["created"]) for m in mems]
            assert created == sorted(created), "not sorted"
            now = datetime.fromisoformat(d["now"])
            assert all(c < now for c in created), "memory after now"
            chains = {}
            for m, c in zip(mems, created):
                f = m.get("fact")
                if not f:
                    continue
                assert f["value"].lower() in m["content"].lower(), (f, m["content"])
                chains.setdefault((f["subject"], f["slot"]), {}).setdefault(f["index"], []).append((c, f["value"]))
            for key, by_idx in chains.items():
                idxs = sorted(by_idx)
                assert idxs == list(range(len(idxs))), key
                for i in idxs:
                    assert len({v for _, v in by_idx[i]}) == 1, key
                for i in idxs[1:]:
                    assert max(c for c, _ in by_idx[i - 1]) < min(c for c, _ in by_idx[i]), key
                if key[0] == "user":
                    first = min(c for c, _ in by_idx[0])
                    assert first.year == 2024 and first.month >= 9, key
                    for i in idxs[1:]:
                        assert min(c for c, _ in by_idx[i]).year == 2025, key
            user_vals = {s: {v for _, v in sum(chains[("user", s)].values(), [])}
                         for (subj, s) in chains if subj == "user"}
            for (subj, s), by_idx in chains.items():
                if subj != "user":
                    assert not ({v for _, v in sum(by_idx.values(), [])} & user_vals.get(s, set())), (subj, s)
            for q in d["questions"]:
                ch = chains[(q["subject"], q["slot"])]
                vals = [ch[i][0][1] for i in sorted(ch)]
                assert q["values"] == vals, q
                assert 0 <= q["gold"] < len(vals), q
                assert q["kind"] == kind_of(q["question"]), q
                assert q["kind"] in ("now", "currently", "these days", "plain", "before", "used to", "in 2024")
                assert q["tense"] in ("now", "before")
            facts = [m for m in mems if "fact" in m]
            if ref_facts is None:
                ref_facts, ref_q = facts, d["questions"]
            else:
                assert facts == ref_facts, "facts differ across sizes"
                assert d["questions"] == ref_q, "questions differ across sizes"
        d = results[1000]
        n_user_slots = len({q["slot"] for q in d["questions"] if q["subject"] == "user"})
        assert n_user_slots == 8
        assert 50 <= len(ref_facts) <= 80, len(ref_facts)
        assert generate(1000, user=user, seed=0) == d, "not deterministic"
        summary.append((user, len(ref_facts), len(ref_q),
                        sum(1 for m in d["memories"] if "fact" not in m and "instead" in m["content"].lower())))
    pass
    for user, nf, nq, _ in summary:
        pass