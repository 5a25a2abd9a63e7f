"""Knowledge-update set blind14: a busy parent, Irish or British English.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.135 / 0.257.
Read: its misses were looked at, and it is training data of the learned slot reading
(bench/slot_model.py) since then.

    python3 bench/knowledge_updates.py --split blind14 --mode library

The author's own description:

Knowledge-update benchmark set "blind14".

Theme: a busy parent of two small children (one at primary school, one at a
nursery/creche) messaging an AI assistant between tasks.  Irish or British
English depending on the simulated user.  Facts about the user (home area,
employer, phone, family car, the younger child's nursery, the after-school
childminder, the family GP, supermarket, gym/class, favourite takeaway) change
over the year; four other people (mother-in-law, brother, neighbour, best
friend) have a few facts of their own.

Standard library only.  generate(size, user, seed) is deterministic.
"""

import random
import re
import string
from datetime import datetime, timedelta, timezone

SPLIT = "blind14"
NOW = "2025-10-01T09:00:00+00:00"


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------------------
# Names and value pools (all pools that can hold values are disjoint from each
# other and from the decoy pools; checked at import time).
# ---------------------------------------------------------------------------

NAMES = {
    "ie": {
        "f": ["Aoife", "Niamh", "Ciara", "Orla", "Sinead", "Grainne", "Roisin", "Clodagh", "Eimear",
              "Aisling", "Caoimhe", "Sorcha", "Maeve", "Emer", "Fiona"],
        "m": ["Cian", "Darragh", "Eoin", "Conor", "Padraig", "Ronan", "Colm", "Donal", "Fergal", "Shane",
              "Declan", "Niall", "Tadhg", "Oisin", "Ruairi"],
        "kids": ["Fionn", "Saoirse", "Cillian", "Aoibhinn", "Rian", "Ailbhe", "Senan", "Meabh", "Oran",
                 "Liadan", "Daithi", "Caragh"],
        "mil": ["Bridie", "Maura", "Kathleen", "Eileen", "Peggy", "Nuala", "Josie"],
        "school": ["Scoil Mhuire", "St Brigid's NS", "Gaelscoil na Mara", "Holy Family NS",
                   "St Patrick's NS", "Educate Together on the Green Road"],
    },
    "uk": {
        "f": ["Sophie", "Hannah", "Gemma", "Kirsty", "Rachel", "Laura", "Becky", "Jess", "Amy", "Lucy",
              "Chloe", "Zoe", "Kate", "Ellie", "Holly"],
        "m": ["Tom", "Dan", "Rob", "Matt", "Chris", "Gareth", "Stuart", "Jamie", "Ollie", "Ben", "Luke",
              "Craig", "Dave", "Sam", "Alex"],
        "kids": ["Alfie", "Isla", "Freddie", "Poppy", "Arlo", "Ivy", "Theo", "Mabel", "Rory", "Evie",
                 "Albie", "Florence"],
        "mil": ["Pat", "Brenda", "Margaret", "Sheila", "Linda", "Barbara", "Jean"],
        "school": ["St Mary's Primary", "Oakfield Primary", "Meadowbank Primary", "Greenhill Juniors",
                   "Holy Trinity Primary", "Westfield Infants"],
    },
}

POOLS = {
    # user slots
    "home": {"ie": ["Drumcondra", "Swords", "Clontarf", "Lucan", "Bray", "Naas", "Maynooth", "Rathfarnham",
                    "Ballincollig", "Douglas", "Castleknock", "Malahide", "Greystones", "Navan", "Ashbourne"],
             "uk": ["Chorlton", "Didsbury", "Stockport", "Headingley", "Harborne", "Bishopston", "Roath",
                    "Kings Heath", "Walthamstow", "Urmston", "Leith", "Jesmond", "Beeston", "Heaton Moor", "Hove"]},
    "employer": {"ie": ["Bank of Ireland", "Glanbia", "Kerry Group", "Accenture", "Aer Lingus", "An Post",
                        "Stripe", "PwC", "Salesforce", "Workday", "Allianz", "Eir", "Irish Life"],
                 "uk": ["Aviva", "Nationwide", "Sky", "BT", "Boots", "Arup", "Capita", "Sage", "Admiral",
                        "Experian", "Lloyds", "Rightmove", "Network Rail"]},
    "phone": {"*": ["iPhone 12", "iPhone 13", "iPhone 14", "iPhone 15", "iPhone 16", "Pixel 7a", "Pixel 8",
                    "Pixel 9", "Samsung Galaxy S22", "Samsung Galaxy S24", "Samsung Galaxy A54",
                    "Motorola Edge 40", "OnePlus 12", "Nothing Phone 2"]},
    "car": {"*": ["Skoda Octavia estate", "VW Touran", "Ford Galaxy", "Kia Sportage", "Toyota Corolla",
                  "Hyundai Tucson", "Nissan Qashqai", "Dacia Jogger", "Peugeot 5008", "Toyota RAV4",
                  "Citroen Berlingo", "Ford Focus estate", "Kia Ceed", "Skoda Kodiaq"]},
    "nursery": {"*": ["Little Acorns", "Bumblebees", "Rainbow Tots", "Treetops", "Sunflower House",
                      "Ladybird Lodge", "Hopscotch", "Little Explorers", "Kiddie Winks", "Tiny Toes",
                      "Stepping Stones", "Honeypot", "Puddle Ducks", "Woodland Wonders"]},
    "childminder": {"ie": ["Bernie", "Mags", "Geraldine", "Noreen", "Deirdre", "Breda", "Teresa", "Marian",
                           "Siobhan", "Ann-Marie"],
                    "uk": ["Janice", "Tracey", "Lorraine", "Sandra", "Carol", "Jackie", "Denise", "Beverley",
                           "Pauline", "Julie"]},
    "doctor": {"*": ["Dr Okafor", "Dr Byrne", "Dr Patel", "Dr Fitzgerald", "Dr Hughes", "Dr Mahon",
                     "Dr Kaur", "Dr Ellis", "Dr Nolan", "Dr Reid", "Dr Shah", "Dr Quinn", "Dr Brennan",
                     "Dr Adeyemi"]},
    "supermarket": {"ie": ["Tesco", "Dunnes", "SuperValu", "Lidl", "Aldi", "M&S"],
                    "uk": ["Tesco", "Sainsbury's", "Asda", "Morrisons", "Aldi", "Lidl", "Waitrose", "Co-op",
                           "M&S"]},
    "gym": {"ie": ["Flyefit", "Energie Fitness", "Anytime Fitness", "F45", "Buggy Bootcamp", "Ben Dunne Gym",
                   "Orangetheory", "Snap Fitness", "Gym Plus"],
            "uk": ["PureGym", "The Gym Group", "Anytime Fitness", "F45", "Nuffield Health", "Buggyfit",
                   "Orangetheory", "Snap Fitness", "Bannatyne"]},
    "takeaway": {"ie": ["Apache Pizza", "Four Star Pizza", "Golden Dragon", "Bombay Pantry", "Camile Thai",
                        "Jade Garden", "Base Pizza", "Supermac's", "Kathmandu Kitchen", "Lucky Star",
                        "Taj Mahal", "Sakura Sushi"],
                 "uk": ["Domino's", "Papa John's", "Golden Dragon", "Spice Lounge", "Lucky Star", "Taj Mahal",
                        "The Codfather", "Sakura Sushi", "Pizza Hut", "Shanghai Garden", "Bengal Brasserie",
                        "Wok Express"]},
    # other people
    "mil_home": {"ie": ["Tramore", "Kilkee", "Westport", "Ennis", "Mullingar", "Athlone", "Carlow", "Youghal"],
                 "uk": ["Whitby", "Llandudno", "Harrogate", "Scarborough", "Southport", "Lytham", "Skegness",
                        "Weston-super-Mare"]},
    "mil_hobby": {"*": ["aqua aerobics", "bridge", "the church choir", "sea swimming", "pickleball", "tai chi",
                        "line dancing", "lawn bowls", "watercolour painting", "the book club"]},
    "mil_phone": {"*": ["Doro flip phone", "Nokia 3310", "iPhone SE", "Samsung Galaxy A15", "Motorola G54"]},
    "bro_home": {"ie": ["Sydney", "Melbourne", "Toronto", "Vancouver", "Perth", "Boston", "London", "Abu Dhabi"],
                 "uk": ["Bristol", "Glasgow", "Brighton", "Berlin", "Amsterdam", "Dubai", "Sydney", "Lisbon"]},
    "bro_employer": {"ie": ["Google", "Meta", "CRH", "Ryanair", "Diageo", "Intel", "Pfizer", "Amazon"],
                     "uk": ["Deloitte", "HSBC", "Jaguar Land Rover", "Unilever", "BAE Systems", "Amazon",
                            "Google", "Rolls-Royce"]},
    "bro_partner": {"ie": ["Laoise", "Nessa", "Ruth", "Jen", "Tara", "Sadhbh", "Eva"],
                    "uk": ["Priya", "Harriet", "Leanne", "Natalie", "Abbie", "Tash", "Megan"]},
    "nb_dog": {"*": ["Biscuit", "Bonnie", "Murphy", "Rolo", "Pepper", "Luna", "Bruno", "Scout", "Toffee",
                     "Bailey", "Milo", "Daisy"]},
    "nb_car": {"*": ["Tesla Model 3", "BMW X5", "Audi A4", "Mini Cooper", "Range Rover Evoque", "Volvo V60",
                     "Mercedes C-Class", "Fiat Panda"]},
    "nb_job": {"*": ["postman", "paramedic", "taxi driver", "electrician", "bus driver", "solicitor", "chef",
                     "plumber", "firefighter"]},
    "bf_home": {"ie": ["Ranelagh", "Stoneybatter", "Phibsborough", "Dun Laoghaire", "Skerries", "Blackrock",
                       "Sandymount", "Howth"],
                "uk": ["Clapham", "Brixton", "Ancoats", "Hackney", "Kemptown", "Clifton", "Morningside",
                       "Roundhay"]},
    "bf_job": {"*": ["midwife", "primary teacher", "accountant", "dental nurse", "physio", "software developer",
                     "estate agent", "hairdresser", "pharmacist"]},
    "bf_partner": {"ie": ["Barry", "Enda", "Gavin", "Marcus", "Keith", "Brendan"],
                   "uk": ["Ryan", "Josh", "Adam", "Kieran", "Nathan", "Lewis"]},
}

DECOYS = {
    "town": {"ie": ["Galway", "Killarney", "Dingle", "Kinsale", "Lahinch", "Wexford", "Kilkenny", "Sligo",
                    "Lanzarote", "the Algarve"],
             "uk": ["Tenby", "Keswick", "York", "Bath", "St Ives", "Center Parcs", "Edinburgh", "Lanzarote",
                    "the Lake District", "Majorca"]},
    "city": {"ie": ["Limerick", "New York", "Doha", "Auckland", "Cork city"],
             "uk": ["Leeds", "Cardiff", "Auckland", "Madrid", "Norwich"]},
    "car": {"*": ["Passat", "Fiat 500", "Land Rover Discovery", "Mazda CX-5", "Renault Clio", "Volvo XC90",
                  "Seat Leon", "Vauxhall Corsa"]},
    "rest": {"ie": ["Milano", "Eddie Rocket's", "Bunsen", "Wagamama", "Nando's", "Zizzi", "Boojum"],
             "uk": ["Pizza Express", "Toby Carvery", "Wagamama", "Nando's", "Zizzi", "Frankie & Benny's",
                    "Bella Italia"]},
    "shop": {"ie": ["Spar", "Centra", "Londis", "Mace", "Gala"],
             "uk": ["Spar", "Londis", "Costcutter", "Iceland", "One Stop"]},
    "gym": {"*": ["1Rebel", "Virgin Active", "Third Space", "a boxing gym", "a hot yoga studio"]},
    "doc": {"*": ["Dr Lindqvist", "Dr Moran", "Dr Costa", "Dr Farrell", "Dr Singh", "Dr Walsh"]},
    "gadget": {"*": ["Pixel 6", "Kindle", "Nintendo Switch", "Fire tablet", "Apple Watch", "Galaxy Tab"]},
    "employer": {"ie": ["Primark", "RTÉ", "Dublin Bus", "IKEA", "Lush", "Brown Thomas"],
                 "uk": ["Primark", "Halfords", "Jet2", "Dyson", "Lush", "IKEA"]},
}


def _flat(pool):
    out = []
    for v in pool.values():
        out.extend(v)
    return out


def _pool_check():
    seen = {}
    for name, pool in list(POOLS.items()) + [("decoy_" + k, v) for k, v in DECOYS.items()]:
        for v in set(_flat(pool)):
            if v in seen and seen[v] != name:
                raise AssertionError(f"{v!r} in both {seen[v]} and {name}")
            seen[v] = name
    people = set()
    for loc in NAMES.values():
        for k, v in loc.items():
            people.update(v)
    for v in seen:
        assert v not in people, v


_pool_check()


def _pool(name, loc):
    p = POOLS[name]
    return list(p.get(loc) or p["*"])


def _decoy(name, loc):
    p = DECOYS[name]
    return list(p.get(loc) or p["*"])


# ---------------------------------------------------------------------------
# User slot statements.  {v} = value stated, {o} = previous value.
# Context keys: k1 (older, at school), k2 (younger, at nursery), p (partner),
# mum, test, cur, dist, creche, school, ads, best (best friend), mil.
# ---------------------------------------------------------------------------

USER_SLOTS = {
    "home": {
        "first": [
            "Living in {v} with two under six and one bathroom. Send help.",
            "Bin day here in {v} is Tuesday, right? {p} swears it's Wednesday and I can't face another row about it",
            "Any buggy-friendly walks around {v}? We've been living here ages and I only know the one loop",
            "fyi home is {v}, so when I ask for anything local that's the area I mean",
            "Our end of {v} has had no water since 7am. No kettle. Dark times.",
            "Looking for a swimming class for {k1} somewhere near home, we're in {v}. Weekends only",
            "The estate we live on in {v} is full of kids on scooters, {k1} is in heaven",
            "Can you find soft play near us in {v}? It's lashing and the two of them are climbing the walls",
            "Rain in {v} again. School run in full waterproofs, all four of us, like a tiny expedition",
            "Our house in {v} is small and the garden is a postage stamp but it's ours and I love it",
            "{mum} wants to know the best bus from the airport out to ours in {v} for when she visits",
        ],
        "change": [
            "WE GOT THE KEYS!! {v} here we come (boxes everywhere, {k2} asleep in a laundry basket)",
            "Last night in {o}. Feels weird. Tomorrow it's {v} and a house with an actual back garden",
            "So the move's done. {o} to {v}, two kids, seventeen bin bags of stuff we didn't know we owned",
            "Can you update my address in your notes? We're living in {v} as of the weekend, {o} is done",
            "First morning waking up in {v}. {k1} has already asked when we're going back to the old house",
            "...and yes it's official, we've moved, {v}. Sale closed Friday and I've barely slept since",
            "Does anywhere in {v} deliver pizza?? Three nights in the new house and I'm losing hope",
            "The neighbours here in {v} left a card and a bottle of wine on the step. Already friendlier than {o}",
            "Renting in {o} was killing us so we bought a little semi in {v}. Moving day was pure carnage",
            "Still finding boxes in every room. {v} is lovely though, {k2} has conquered the new stairs",
            "Changed the kids' address on the school form to {v}, one less thing on the list",
            "School run from the new place in {v} is twenty minutes instead of five, what have we done",
        ],
        "lead": ["ok big news on the house front, hang on, typing with one thumb",
                 "so. the move. where do I even start",
                 "house update incoming, {k2} is asleep so I have four minutes"],
    },
    "employer": {
        "first": [
            "Work at {v} is mental this week, quarter end, and {k2} has conjunctivitis. Perfect timing as always",
            "Remind me I've a 9:30 with my manager at {v} tomorrow, I will forget otherwise",
            "{v} want everyone in the office Tuesdays and Thursdays, which are of course the childminder's short days",
            "Six years at {v} now. They've been decent about the part-time hours, I'll give them that",
            "Can you help me word an email to HR at {v} about taking parental leave in the summer?",
            "The {v} Christmas party is on a Thursday night. Who does that to parents",
            "Logged on for {v} at 8:02 with porridge in my hair. Very professional.",
            "My job's with {v}, hybrid, so some days I do drop-off and some days {p} does",
            "Annual review at {v} went grand. No pay rise, but grand.",
            "IT at {v} have locked me out of my laptop again, brilliant start to a Monday",
            "Quick one: what's a polite way to tell my team lead at {v} that I can't do 5pm calls? The {creche} shuts at 6",
        ],
        "change": [
            "Handed in my notice at {o}!! Starting at {v} in three weeks. Terrified and thrilled in equal measure",
            "First day at {v} done. Nobody knows me, the coffee is free, the commute is shorter. I'll take it",
            "New lanyard, new laptop, new job: {v}. {k1} asked if I still work at the 'old boring place'",
            "So I've left {o}. {v} offered a four-day week and with two small kids that was the end of that",
            "Can you help me redo my LinkedIn? I'm with {v} now, the {o} stuff can go under past roles",
            "Onboarding at {v} is wall-to-wall Teams calls this week, send coffee",
            "My last day at {o} was Friday, cried in the car park. {v} from Monday",
            "First payslip from {v} and it's actually more than {o} paid, even after the {creche} fees went up",
            "Still getting lost in the {v} building, went to the wrong floor twice today",
            "Signed the contract with {v}! Told {p} before I told my own {mum}, she's raging",
            "...sorry, the other thing: I GOT THE {V} JOB. Start next month. More later, {k2} is covered in yoghurt",
            "Goodbye {o} lanyard, you served me well. The {v} badge is a much nicer colour",
        ],
        "lead": ["right I have work news, one sec, {k2} is screaming",
                 "career update, if you can call it that",
                 "you will not believe what happened at work. hang on"],
    },
    "phone": {
        "first": [
            "My {v} is on 3% and it's only 2pm, the kids had Bluey on it the whole car journey",
            "How do I turn off the keyboard clicks on {av} {v}? It's driving {p} demented",
            "{k2} has licked my {v} screen again. Sticky. Everything I own is sticky.",
            "Is there a way to block in-app purchases on {av} {v}? {k1} nearly bought 400 gems",
            "The camera on the {v} is the only reason I have any photos of the kids that aren't a blur",
            "Storage full on my {v}. Eleven thousand photos of {k2} eating things",
            "Dropped the {v} face down on the car park tarmac, screen survived, I did not",
            "Remind me my {v} needs its software update tonight, it keeps nagging me",
            "My phone's {av} {v} - is there a decent kids' mode on it for long drives?",
            "The {v} keeps autocorrecting {k1}'s name to something very rude, how do I fix that",
        ],
        "change": [
            "{k2} dropped my {o} in the bath. Long story short, I have {av} {v} now",
            "Finally upgraded: {v}! Goodbye {o} and your two-hour battery",
            "Swapped the {o} for {av} {v}, the WhatsApp transfer took an hour but we're in business",
            "New phone day, {av} {v}. Can you tell me how to move the photos across from the {o}?",
            "My {o} died for good in the middle of the school run. Bought {av} {v} in town on the way home",
            "Any good cases for {av} {v}? Just got one and it needs to survive a toddler",
            "Setting up the {v} while {k1} breathes on my shoulder asking for games",
            "The upgrade came through so I'm on {av} {v}, and {p} has inherited the {o}",
            "Getting used to the {v}, keep swiping the wrong way. Years of {o} muscle memory",
            "{o} is in the drawer of doom with its cracked screen. {v} from today, hopefully toddler-proof",
            "...oh and the phone situation is sorted, went with the {v} in the end",
        ],
        "lead": ["phone drama, one sec",
                 "tech disaster this morning, will explain",
                 "so the phone thing finally came to a head"],
    },
    "car": {
        "first": [
            "The {v} is due its {test} in November, can you remind me at the start of October?",
            "Two car seats in the back of the {v} and there's room for nothing else. Not a bag. Not a banana.",
            "{k1} was sick in the {v} on the way to {mum}'s. The smell. THE SMELL.",
            "Our car's {av} {v}, what should the tyre pressure be? The little light is on",
            "Found three soothers, a sock and a fossilised chip under the seats of the {v}",
            "The {v} wouldn't start this morning, {p} had to get jump leads off the lad across the road",
            "Is our {v} big enough for a roof box? Thinking about camping next summer",
            "Got the {v} valeted for the first time in a year. It was a biohazard.",
            "We only have the one car, the {v}, so {p} gets the bus on my office days",
            "Scraped the {v} on the pillar in the school car park. Do not tell {p}.",
        ],
        "change": [
            "Traded in the {o}. We're {av} {v} family now, {k1} has already named it",
            "Picked up the {v} today!! Seven seats, a boot you could live in, I could weep",
            "So the {o} failed the {test} spectacularly and we've gone for {av} {v}. Bank account in mourning",
            "The {v} is finally ours, collected Saturday. {k2} napped the whole way home, good omen",
            "How do I pair my phone with {av} {v}? Only got it yesterday and the manual is 400 pages",
            "Bye bye {o}: 190,000 {dist} and a lifetime of crumbs. Hello {v}",
            "Getting used to driving the {v}, it's so much bigger, parked like a lunatic at drop-off",
            "...and the car saga is over. It's {av} {v}, second-hand, one owner, smells of someone else's air freshener",
            "Sold the {o} on {ads} in a day! The {v} arrives Thursday",
            "Does the {v} have Isofix in the middle seat? We bought one without checking, classic us",
            "The boot of the {v} fits the double buggy AND the big shop. Why did we put up with the {o} so long",
            "Insurance sorted for the {v}, somehow cheaper than the {o} was",
        ],
        "lead": ["the car saga has an ending!!",
                 "car news. brace yourself",
                 "you know the car situation? well"],
    },
    "nursery": {
        "first": [
            "{k2} cried at the door of {v} this morning, then apparently had the best day of their life",
            "{v} closes at 6 sharp and charges {cur}1 a minute after that. Ran the whole way from the train",
            "Got the monthly bill from {v}. Do they think I'm made of money",
            "The key worker at {v} says {k2} has been biting. Mortified.",
            "Remind me it's pyjama day at {v} on Friday? {k2} will riot if we forget",
            "{v} sent home another note about labelling EVERYTHING. Where do people find the time",
            "Nits letter from {v}. Here we go again.",
            "{k2} is in {v} three days a week, the other two are {mum} and chaos",
            "Parent meeting at {v} on Thursday, {k2} is 'very sociable' apparently, aka never stops talking",
            "Drop-off at {v} done and I'm in the car by 8:10, a personal best",
        ],
        "change": [
            "{k2}'s last day at {o} tomorrow, starts at {v} on Monday. I'm more nervous than {k2} is",
            "Moved {k2} to {v}, a place finally came up and it's ten minutes closer to work",
            "Settling-in week at {v}. {k2} walked in without a backward glance and I cried in the car",
            "We've taken {k2} out of {o}, the staff turnover was too much. {v} seems so much calmer",
            "First invoice from {v}, a bit cheaper than {o} was. Small wins",
            "{k2} has started at {v}, can you remind me to save their number for sick days?",
            "Thank-you cards for the staff at {o} done. {k2} moves over to {v} next week",
            "{k2} came home from {v} covered in paint and glitter, the new place is definitely more arty",
            "...the {creche} thing is sorted btw, {k2} got a place in {v}",
            "Pick-up at {v} is so much easier than {o}, there's actual parking",
            "Got the welcome pack from {v}, now I have to label forty things all over again",
        ],
        "lead": ["update on the {creche} situation, typing with one hand",
                 "{creche} news, finally some good news",
                 "ok so remember the {creche} dilemma"],
    },
    "childminder": {
        "first": [
            "{v} has {k1} after school Monday to Wednesday, then it's me or {p} scrambling",
            "Need to transfer {v} her money for the month, remind me Friday",
            "{v} says {k1} ate all the broccoli at her house. At home {k1} won't look at broccoli",
            "{v} is off sick tomorrow so I'm working from the kitchen table with {k1} on the tablet",
            "Our childminder {v} does the school pick-up, god love her, she's the glue holding this family together",
            "{k1} calls {v} 'Nana' sometimes, which I think {mum} would have feelings about",
            "{v} wants to go up to {cur}7 an hour from January. Fair enough honestly",
            "What's a nice Christmas present for a childminder? {v} has been a saint this term",
            "{v} brought {k1} to the library after school, came home with twelve books about sharks",
            "Running late, texted {v} to keep {k1} an extra half hour, she's a legend",
        ],
        "change": [
            "{o} is retiring, so from next week {k1} goes to {v} after school. New routine, new chaos",
            "First week with {v} minding {k1} done. She has a trampoline so she's been approved",
            "We've had to let {o} go, too many last-minute cancellations. {v} starts on Monday",
            "{v} picked {k1} up from school for the first time today and sent me a photo, my heart",
            "Can you add {v}'s number to my emergency contacts? She's our new childminder",
            "...so that's the after-school minding sorted, {v}, she has two other kids from {school} too",
            "{k1} keeps asking why we don't go to {o}'s anymore. {v} is great though, give it time",
            "Trial afternoon with {v} went well, she's taking {k1} from next week. Need a card for {o}",
            "Set up a standing order for {v} and cancelled the one to {o}",
            "{v} can do pick-up on Tuesdays AND Thursdays, which {o} never could. Game changer",
            "{o} has moved away, gutted. Found {v} through one of the {mums} at the school gate",
        ],
        "lead": ["childminder news, finally",
                 "ok the after-school problem, update",
                 "minding situation: resolved (I think)"],
    },
    "doctor": {
        "first": [
            "Got {k2} in with {v} at 4:10 for the ear. Our GP is the only one who can get {k2} to sit still",
            "{v} says it's viral and to push fluids. Same as every time.",
            "Need to ring our GP, {v}, at 8 on the dot for an appointment, can you set an alarm for me?",
            "Our GP {v} reckons {k1}'s rash is eczema, we're trying the cream",
            "Our GP {v} asked if I'm sleeping. I laughed for a really long time.",
            "Booster jabs for {k2} with {v} on Tuesday. Bribes: chocolate buttons",
            "Prescription is ready at {v}'s, remind me to grab it after drop-off",
            "{v} has been our family doctor since {k1} was born, never once made me feel like a fussy parent",
            "Waiting room at {v}'s. Every child in the county has a cough",
            "{v} is referring {k2} about the grommets, fingers crossed it's quick",
        ],
        "change": [
            "{o} has retired and we've been moved over to {v} at the same practice. Seems nice, very young",
            "Registered the whole family with {v}, first appointment went grand",
            "Saw {v} for the first time today about {k1}'s cough. Way more thorough than {o} ever was",
            "We've switched GP to {v}, {o}'s list was impossible, three weeks for an appointment",
            "Can you save {v}'s surgery number? That's who we're with from now on",
            "{v} actually looked in both ears AND listened to the chest. {o} never once did both",
            "...and the GP move is done, {v} has all our records",
            "Getting used to {v}'s surgery, the waiting room has toys which is a major upgrade",
            "Our GP is {v} these days, put that in the family notes please",
            "Records transferred over to {v}. The receptionist at {o}'s was lovely about it, in fairness",
        ],
        "lead": ["sorted the GP thing at last, details in a sec",
                 "doctor admin update, riveting stuff",
                 "so the GP saga"],
    },
    "supermarket": {
        "first": [
            "Weekly shop in {v} came to {cur}180. HOW. We eat pasta.",
            "Can you make a shopping list for {v} from this week's meal plan? Same as usual",
            "{v} have moved everything around again, I spent ten minutes hunting for nappies",
            "Click and collect at {v} booked for Saturday 9 to 10",
            "{v} substituted the oat milk with double cream. Cream.",
            "Doing the big shop in {v} with both kids is an extreme sport",
            "Points on the {v} card finally worth something, got a fiver off",
            "Forgot the bread in our weekly shop at {v}. Are they open late on a Sunday?",
            "We always do the shop in {v} on Thursday night when it's quiet",
            "This week's meal plan is built around whatever's on offer in {v}",
        ],
        "change": [
            "We've moved the weekly shop to {v}, {o} just got too dear",
            "First big shop in {v} instead of {o} and it was {cur}40 less. FORTY.",
            "Switched the groceries to {v}, their delivery slots actually exist",
            "Can you redo my usual list but in {v} order? The aisles are nothing like {o}",
            "Done with {o}. {v} from here on, the own-brand stuff is just as good",
            "Still learning where everything is in {v}, found the nappies on the third lap",
            "...and I think we're {av} {v} household now, even {p} is a convert",
            "{v} delivery came bang on time. Why did we stick with {o} for so long",
            "The kids love the free fruit at {v}, first thing they ask for. Much better than {o}",
            "Deleted the {o} app, the {v} one is way better for the weekly order",
        ],
        "lead": ["controversial shopping decision incoming",
                 "grocery news, try to contain yourself",
                 "big shop update"],
    },
    "gym": {
        "first": [
            "Made it to {v} at 6am before anyone woke up. Smug. Exhausted.",
            "{v} is {cur}45 a month and I've been twice since September. Thoughts?",
            "Can you set a reminder for the Tuesday class at {v}? 7:15pm",
            "Legs destroyed after {v} last night, carrying {k2} up the stairs was a struggle",
            "The hour at {v} is the only hour of the week nobody asks me for a snack",
            "Is it bad to go to {v} on four hours' sleep? Asking for me",
            "Left the kids with {p} and snuck off to {v}. Bliss.",
            "{v} are doing a bring-a-friend week, might drag {best} along",
            "Forgot my trainers for {v}, did the whole class in work shoes. Don't.",
            "I do {v} twice a week, any stretches for the back pain from lifting kids all day?",
        ],
        "change": [
            "Cancelled {o} and joined {v} instead, it's on the way back from school drop-off",
            "First session at {v}. I may never walk again. Loved it.",
            "So I've given up on {o}, never went. {v} has a creche so no excuses now",
            "Signed up to {v}. {o} can keep their cancellation fee",
            "A few weeks going to {v} now and I'm actually sticking with it, unlike {o}",
            "The instructor at {v} is terrifying and I'm getting fitter. Much more motivating than {o}",
            "...oh and I've switched from {o} to {v}, {best} has been going there for ages",
            "The {v} app says I've been eight times this month, a record since having kids",
            "Can you put the {v} classes in my calendar? Monday and Thursday 7pm. Membership started today",
            "Froze my {o} membership and tried {v}, it's way more my thing",
        ],
        "lead": ["fitness update, don't laugh",
                 "exercise news, yes really",
                 "so I did a thing re: getting fit"],
    },
    "takeaway": {
        "first": [
            "Friday night is {v} night in this house, non-negotiable",
            "Ordered from {v} again, the man on the phone knows my voice at this stage",
            "{k1} will only eat the chips from {v}, nobody else's, they can somehow tell",
            "{v} got the order wrong AGAIN and it was still the best thing I ate all week",
            "Is {v} open on Mondays? It's our usual Friday place but these are desperate times",
            "Too tired to cook, {v} is on its way, the usual",
            "Our go-to takeaway is {v}, please don't suggest anything healthy on a Friday",
            "Spent {cur}40 in {v} last night and I regret nothing",
            "{p} is collecting from {v} on the way home, the usual feast",
            "Can you work out how many times we ordered from {v} this month? Actually don't tell me",
        ],
        "change": [
            "We've gone off {o} since the dodgy chicken incident. {v} is the Friday takeaway now",
            "Tried {v} and honestly we're converted. {o} who?",
            "{v} has taken over Friday nights, {k1} asks for their garlic bread by name",
            "Third Friday in a row from {v}, I think it's our regular now",
            "{o} closed down!! Devastated. {v} is the replacement and it's decent",
            "Can you save {v}'s number? It's our go-to since {o} got so expensive",
            "...takeaway-wise we've moved on from {o}, {v} delivers in twenty minutes and it's still hot",
            "The lad from {v} waved at {k2} through the window, we're regulars already",
            "Took {o} off the favourites in the app, {v} has the top spot",
            "{p} and I agree on exactly one thing this year: {v} beats {o} every time",
        ],
        "lead": ["important Friday-night announcement",
                 "takeaway news, the most important news",
                 "ok this is a big deal in our house"],
    },
}

USER_Q = {
    "home": {
        "now": ["Where does the user live now?", "Which town or area does the user currently live in?",
                "Where is the user's family based these days?", "What area is the user's home in?",
                "Where is the user living at the moment?"],
        "before": ["Where did the user live before their latest move?", "Which area did the user use to live in?",
                   "What was the user's previous home area?"],
        "y2024": ["Where was the user living in 2024?", "What area did the user's family live in during 2024?",
                  "In autumn 2024, which town was the user's home?"],
    },
    "employer": {
        "now": ["Who does the user work for now?", "What company is the user currently employed by?",
                "Where does the user work these days?", "Which organisation employs the user?"],
        "before": ["Who was the user's previous employer?", "Where did the user use to work?",
                   "Which company employed the user before their latest job change?"],
        "y2024": ["Who was the user's employer in 2024?", "Where was the user working in 2024?",
                  "Which company did the user work at in late 2024?"],
    },
    "phone": {
        "now": ["What phone does the user have now?", "Which phone model is the user currently using?",
                "What handset does the user carry these days?", "What is the user's phone?"],
        "before": ["What phone did the user use to have?", "Which phone did the user have before the latest upgrade?",
                   "What was the user's previous phone?"],
        "y2024": ["What phone did the user have in 2024?", "Which handset was the user using in 2024?",
                  "In 2024, what model was the user's phone?"],
    },
    "car": {
        "now": ["What car does the user's family drive now?", "What is the user's car currently?",
                "Which car does the user drive these days?", "What model is the user's family car?"],
        "before": ["What car did the user's family have before?", "Which car did the user use to drive?",
                   "What was the user's previous family car?"],
        "y2024": ["What car did the user drive in 2024?", "Which family car did the user have back in 2024?",
                  "What was the user's car in 2024?"],
    },
    "nursery": {
        "now": ["Which nursery does the user's younger child go to now?",
                "What creche or nursery is the user's youngest currently attending?",
                "Where is the user's younger kid in nursery these days?",
                "Which nursery is the user's younger child enrolled in?"],
        "before": ["Which nursery did the user's younger child attend before?",
                   "What nursery did the user's youngest use to go to?",
                   "What was the previous creche of the user's younger child?"],
        "y2024": ["Which nursery did the user's younger child attend in 2024?",
                  "In 2024, where did the user's youngest go to creche?",
                  "What was the user's younger child's nursery in 2024?"],
    },
    "childminder": {
        "now": ["Who is the user's childminder now?", "Who currently minds the user's older child after school?",
                "Who does the after-school pick-up for the user's eldest these days?",
                "What's the name of the user's childminder?"],
        "before": ["Who was the user's previous childminder?", "Who used to mind the user's older child after school?",
                   "Which childminder did the user have before?"],
        "y2024": ["Who was the user's childminder in 2024?", "Who minded the user's eldest after school in 2024?",
                  "In 2024, which childminder looked after the user's older child?"],
    },
    "doctor": {
        "now": ["Who is the user's family GP now?", "Which doctor does the user's family currently see?",
                "Which GP practice is the user registered with?", "Which GP does the user take the kids to these days?"],
        "before": ["Who was the user's previous GP?", "Which doctor did the user's family use to see?",
                   "Who was the user's family GP before they switched?"],
        "y2024": ["Who was the user's GP in 2024?", "Which doctor did the user's family see in 2024?",
                  "In 2024, who was the user's family doctor?"],
    },
    "supermarket": {
        "now": ["Where does the user do the weekly shop now?", "Which supermarket does the user currently use?",
                "What supermarket does the user shop at these days?", "Which supermarket gets the user's grocery money?"],
        "before": ["Which supermarket did the user use to shop at?", "Where did the user do the big shop before switching?",
                   "What was the user's previous supermarket?"],
        "y2024": ["Which supermarket did the user use in 2024?", "Where did the user do the weekly shop in 2024?",
                  "In 2024, which supermarket did the user's family shop at?"],
    },
    "gym": {
        "now": ["Which gym or class does the user go to now?", "Where does the user currently exercise?",
                "What gym is the user a member of these days?", "Where does the user work out?"],
        "before": ["Which gym did the user use to go to?", "Where did the user exercise before switching?",
                   "What was the user's previous gym or class?"],
        "y2024": ["Which gym or class did the user attend in 2024?", "Where did the user work out in 2024?",
                  "What gym was the user going to in 2024?"],
    },
    "takeaway": {
        "now": ["What is the user's favourite takeaway now?",
                "Which takeaway does the user's family currently order from most?",
                "Where does the user get the Friday takeaway these days?", "What's the user's go-to takeaway?"],
        "before": ["Which takeaway did the user use to order from?", "What was the user's previous favourite takeaway?",
                   "Where did the user's family get takeaway before switching?"],
        "y2024": ["What was the user's favourite takeaway in 2024?", "Which takeaway did the user's family order from in 2024?",
                  "In 2024, where did the user's Friday takeaway come from?"],
    },
}

# ---------------------------------------------------------------------------
# Other people.  pool key, first templates, change templates, questions.
# ---------------------------------------------------------------------------

OTHERS = {
    "mother-in-law": {
        "home": ("mil_home",
                 ["{p}'s {mum_l} {mil} lives out in {v}, so Sunday visits are a forty-minute drive each way",
                  "My mother-in-law {mil} rang from {v}, says the weather down there is glorious. Lucky her",
                  "{mil} (mother-in-law) wants us down to her place in {v} for a weekend, the kids would love it",
                  "Driving back from {mil}'s in {v}, both kids asleep, {p} and I having a whispered row about the radio"],
                 ["My mother-in-law {mil} has sold up and moved to {v}, she wants to be nearer her sister",
                  "Spent the weekend helping {mil} move from {o} into her bungalow in {v}. My back.",
                  "{mil} is all settled in {v} now, says she doesn't miss {o} one bit",
                  "{p}'s {mum_l} {mil} has upped sticks and moved to {v}! Nobody saw it coming"],
                 ["Where does the user's mother-in-law live now?", "Which town is the user's mother-in-law living in these days?",
                  "Where is the user's mother-in-law based?"]),
        "hobby": ("mil_hobby",
                  ["{mil} can't babysit Wednesdays, that's {v} and nothing gets in the way of {v}",
                   "My mother-in-law {mil} is very into {v}, we heard all about it over Sunday dinner",
                   "{mil} has {v} every week and honestly has a better social life than me"],
                  ["{mil} has given up {o} and taken up {v}. She's 72 and busier than me",
                   "My mother-in-law {mil} is mad about {v} these days, {o} is old news apparently",
                   "{mil} has found {v} and won't stop talking about it. {p} is mortified"],
                  ["What hobby is the user's mother-in-law into now?", "What does the user's mother-in-law do for fun these days?"]),
        "phone": ("mil_phone",
                  ["{mil} sent a four-minute voice note from her {v}. Mostly pocket noise",
                   "My mother-in-law {mil} still uses {av} {v} and refuses all upgrades",
                   "Trying to talk {mil} through texting a photo on her {v}. Pray for me"],
                  ["{p} set {mil} up with {av} {v}, goodbye {o}. She's already sent us 40 thumbs-up emojis",
                   "My mother-in-law {mil} has {av} {v} now! The {o} is retired",
                   "{mil} finally gave up the {o}, she's on {av} {v} and video-calling the kids daily"],
                  ["What phone does the user's mother-in-law use now?", "Which phone does the user's mother-in-law have?"]),
    },
    "brother": {
        "home": ("bro_home",
                 ["My brother {bro} is still out in {v}, we hardly see him, the kids think he lives inside the iPad",
                  "{bro} (my brother) sent photos from his flat in {v}, very jealous",
                  "My brother {bro} lives in {v} and hasn't met {k2} in person yet, which kills me"],
                 ["My brother {bro} is moving from {o} to {v} for work, {mum} is beside herself",
                  "{bro} is in {v} now, my brother the nomad. {o} lasted two years",
                  "My brother {bro} just landed in {v}, new chapter for him"],
                 ["Where does the user's brother live now?", "Which city is the user's brother living in these days?",
                  "Where is the user's brother based?"]),
        "employer": ("bro_employer",
                     ["My brother {bro} works at {v} and will not shut up about the free lunches",
                      "{bro} (my brother) says {v} are making him go back to the office full-time",
                      "My brother {bro}'s at {v}, doing something in data I've never understood"],
                     ["My brother {bro} just started at {v}, left {o} after five years",
                      "{bro} got the job at {v}! So proud of my little brother",
                      "My brother {bro} has jumped ship from {o} to {v}"],
                     ["Where does the user's brother work now?", "Which company is the user's brother currently working for?"]),
        "partner": ("bro_partner",
                    ["My brother {bro} brought his girlfriend {v} to Sunday lunch, the kids adored her",
                     "{bro} and his girlfriend {v} are minding the kids Saturday, god help them",
                     "My brother {bro} is going out with a girl called {v}, she seems lovely"],
                    ["{bro} and {o} have split up :( my brother is seeing someone called {v} already though",
                     "My brother {bro} has a new girlfriend, {v}. {o} is very much in the past",
                     "Met {bro}'s new girlfriend {v} today. My brother is smitten"],
                    ["Who is the user's brother dating now?", "Who is the user's brother's girlfriend?",
                     "Who is the user's brother going out with these days?"]),
    },
    "neighbour": {
        "dog": ("nb_dog",
                ["{nb} next door's dog {v} barked from 5am. FIVE.",
                 "Our neighbour {nb}'s dog {v} dug under the fence again, {k1} thinks it's the best thing ever",
                 "{k2} calls every dog '{v}' now because of {nb}'s dog next door"],
                ["{nb} next door got a puppy called {v} after old {o} died. {k1} is obsessed",
                 "Our neighbour {nb} has a new dog, {v}. We all miss {o} though",
                 "{nb} next door adopted a rescue called {v}, a few months after losing {o}. The kids are beside themselves"],
                ["What is the user's neighbour's dog called now?", "What's the name of the user's neighbour's dog?"]),
        "car": ("nb_car",
                ["{nb} next door's {v} is parked across our drive again",
                 "Our neighbour {nb} washes the {v} every Sunday. Every. Sunday.",
                 "{nb} next door gave me a lift to the station in {nb_his} {v}, lifesaver"],
                ["{nb} next door has swapped the {o} for {av} {v}, very fancy",
                 "Our neighbour {nb} is driving {av} {v} now, the {o} is gone",
                 "{nb} next door showed me around {nb_his} new {v} for twenty minutes while my dinner burned"],
                ["What car does the user's neighbour drive now?", "What is the user's next-door neighbour driving?"]),
        "job": ("nb_job",
                ["{nb} next door is {av} {v}, works all hours, we hardly see {nb_him}",
                 "Our neighbour {nb} works as {av} {v}, always handy to know",
                 "{nb} next door is {av} {v} and had great advice when {k2} had {ailment_fixed}"],
                ["{nb} next door has packed in being {ao} {o}, {nb_he}'s {av} {v} now",
                 "Our neighbour {nb} retrained as {av} {v}! Fair play, after years as {ao} {o}",
                 "{nb} next door started work as {av} {v} this week, big change for {nb_him}"],
                ["What does the user's neighbour do for work now?", "What is the user's neighbour's job?"]),
    },
    "best friend": {
        "home": ("bf_home",
                 ["My best friend {bf} lives in {v}, so our catch-ups are mostly voice notes",
                  "Going over to {bf}'s in {v} on Saturday, my best mate and a bottle of wine",
                  "{bf} (best friend since school) says {v} has a new playground we should try"],
                 ["My best friend {bf} has moved to {v}! Leaving {o} was a big deal for her",
                  "{bf} got the keys to her place in {v}, so proud of my best friend",
                  "Helped {bf}, my bestie, pack up her flat in {o}. She's in {v} from this weekend"],
                 ["Where does the user's best friend live now?", "Which area does the user's best friend live in?"]),
        "job": ("bf_job",
                ["My best friend {bf} is {av} {v}, she's doing nights this week so no chats",
                 "{bf} (best mate) works as {av} {v} and has the patience of a saint",
                 "My best friend {bf}'s {av} {v} and gave me a great pep talk today"],
                ["My best friend {bf} quit being {ao} {o} and is retraining as {av} {v}",
                 "{bf} started her new job as {av} {v} today! Best friend pride",
                 "My bestie {bf} is working as {av} {v} now, no more {o} for her"],
                ["What does the user's best friend do for a living now?", "What is the user's best friend's job?"]),
        "partner": ("bf_partner",
                    ["My best friend {bf} and her fella {v} are coming for dinner Saturday",
                     "{bf} (best friend) says {v} is finally talking about moving in together",
                     "My best friend {bf}'s boyfriend {v} fixed our garden gate, hero"],
                    ["My best friend {bf} broke up with {o}. She's seeing a guy called {v} now",
                     "{bf} has a new man, {v}! My best friend deserves it after {o}",
                     "Met {bf}'s new boyfriend {v} tonight, my best friend looks so happy"],
                    ["Who is the user's best friend seeing now?", "Who is the user's best friend's boyfriend?",
                     "Who is the user's best friend dating these days?"]),
    },
}

# ---------------------------------------------------------------------------
# Filler: templates with placeholders filled from lists (never slot values).
# ---------------------------------------------------------------------------

FL = {
    "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Friday week",
            "the weekend"],
    "tod": ["this morning", "tonight", "at lunch", "after dinner", "at bedtime", "before breakfast",
            "this afternoon", "at teatime", "on the walk home"],
    "clock": ["5:45", "6:10", "half 6", "7:20", "quarter past 8", "4:50", "3am", "ten to 9", "2:15"],
    "meal": ["spag bol", "fish fingers and beans", "chicken curry", "shepherd's pie", "pasta bake", "fajitas",
             "sausages and mash", "a stir fry", "homemade pizza", "beef stew", "salmon and rice", "chilli",
             "lasagne", "omelettes", "toad in the hole", "veggie burgers", "a tray bake"],
    "ingredient": ["mince", "chicken thighs", "a butternut squash", "leftover rice", "a tin of chickpeas",
                   "half a cabbage", "some sad peppers", "frozen peas", "a bag of spinach", "sweet potatoes",
                   "salmon fillets", "a block of feta", "a dozen eggs", "tortilla wraps", "a tin of coconut milk"],
    "snack": ["rice cakes", "raisins", "breadsticks", "yoghurt tubes", "a banana", "cheese strings",
              "crackers", "apple slices", "popcorn", "a pouch", "oat bars"],
    "show": ["Bluey", "Peppa Pig", "Paw Patrol", "Hey Duggee", "Frozen", "The Gruffalo", "Moana",
             "Octonauts", "Numberblocks", "Encanto", "Sarah and Duck"],
    "weather": ["lashing rain", "freezing fog", "gale-force wind", "hailstones", "a heatwave (19 degrees)",
                "drizzle", "sleet", "glorious sunshine", "black ice", "sideways rain"],
    "chore": ["the washing", "the dishwasher", "the bins", "the hoovering", "the ironing pile", "changing the beds",
              "the lunchboxes", "the school uniforms", "the fridge clear-out", "the toy mountain"],
    "ailment": ["a cough", "a temperature", "hand foot and mouth", "an ear infection", "a tummy bug",
                "chickenpox", "conjunctivitis", "croup", "a mystery rash", "a streaming cold"],
    "worktask": ["a deadline", "a 4pm call", "a presentation", "the quarterly report", "a training day",
                 "back-to-back meetings", "a client visit", "an audit", "a big pitch", "budget season"],
    "place": ["the playground", "the library", "soft play", "the park", "the beach", "the swimming pool",
              "the pet farm", "the cinema", "the woods", "the museum", "the garden centre"],
    "mood": ["wrecked", "frazzled", "a bit teary", "weirdly happy", "running on fumes", "fed up",
             "delighted with myself", "overwhelmed", "surprisingly calm", "hanging by a thread"],
    "clothing": ["shoes", "socks", "wellies", "gloves", "mittens", "hair clips"],
    "kidsaid": ["asked if I was born in the olden days", "told the lollipop lady I'm 'very old'",
                "announced to the whole queue that I snore", "said they want to be a bin man when they grow up",
                "called me by the teacher's name", "insisted the moon was following the car",
                "tried to pay at the till with a leaf", "asked where the sun goes at night",
                "told a stranger we have 'loads of money at home'", "asked if worms have mammies"],
    "household": ["the boiler", "the washing machine", "the dishwasher", "the shower", "the tumble dryer",
                  "the hoover", "the oven", "the toilet upstairs", "the smoke alarm", "the fridge"],
    "problem": ["is making a weird clunking noise", "has packed in", "is leaking again", "smells like burning",
                "won't turn on", "is beeping at random", "is doing something it shouldn't"],
    "reminder": ["book swimming lessons", "pay the school tour money", "order the birthday cake",
                 "ring the bank", "buy a present for the party on Saturday", "sign the homework journal",
                 "return the library books", "renew the passports", "send back the parcel",
                 "buy more nappies", "defrost the chicken"],
    "gift": ["a book", "a Lego set", "play-doh", "a colouring set", "a voucher", "a jigsaw", "a dinosaur",
             "bubbles", "a craft kit"],
    "verdict": ["brutal", "weirdly calm", "total chaos", "a write-off", "grand actually", "never-ending",
                "surprisingly fine", "a disaster"],
    "ordnum": ["fifth", "sixth", "ninth", "tenth", "twelfth", "twentieth"],
    "num": ["three", "four", "five", "six", "seven", "eight"],
    "treat": ["a coffee", "a chocolate bar", "a bath", "a nap", "ten minutes of silence", "a glass of wine",
              "a takeaway coffee", "a custard cream"],
    "lostthing": ["the car keys", "one of the soothers", "my glasses", "the remote", "my bank card",
                  "the school bag", "a single shoe", "the good scissors", "my headphones"],
    "outfit": ["a dinosaur costume", "wellies and a tutu", "pyjamas", "a superhero cape", "two left shoes",
               "a jumper inside out", "sunglasses"],
    "podcast": ["a true crime podcast", "an audiobook", "a parenting podcast", "the news", "a comedy podcast",
                "Taylor Swift", "silence"],
    "topic": ["fussy eating", "screen time", "bedtime battles", "sibling fighting", "potty training",
              "night waking", "tantrums", "sharing", "homework"],
    "appliance": ["slow cooker", "air fryer", "microwave", "rice cooker", "blender"],
    "craft": ["a volcano model", "a Halloween costume", "a 'my family' poster", "a bird feeder",
              "a cardboard castle", "a Christmas card", "a book-week outfit"],
    "bill": ["the electricity bill", "the gas bill", "the broadband bill", "the bin charges",
             "the property tax", "the phone bill", "the water charges"],
    "event": ["birthday party", "play date", "sports day", "nativity play", "school tour", "book fair",
              "cake sale", "class assembly", "sponsored walk"],
    "kidact": ["swimming lessons", "football", "ballet", "gymnastics", "drama", "music class", "karate",
               "Beavers", "dance class"],
    "parkrel": ["bored", "starving", "soaked", "filthy", "overtired", "hyper"],
    "carjob": ["new tyres", "a service", "the wipers done", "a wash inside and out", "the tax renewed",
               "a new bulb", "the air con looked at"],
    "phonejob": ["a new case", "a screen protector", "a longer charging cable", "a car charger",
                 "more storage", "a clear-out of photos"],
    "gymexcuse": ["{k2} was up all night", "it was lashing", "I couldn't find my leggings", "work ran over",
                  "{p} was late home", "I just couldn't"],
}

FILLER = [
    # mornings, school run, bedtime
    "School run done with {num} minutes to spare, {k1} wearing odd {clothing}",
    "{k1} {kidsaid}. At {clock}. Before coffee.",
    "{k2} woke at {clock} and decided that was morning. It was not morning. Now on {treat} number two",
    "Bedtime took {num} attempts tonight, {k2} wanted {show} and a glass of water {num2} times",
    "{k2} went to {place} in {outfit} and honestly I didn't have the energy to argue. Very {mood}",
    "Lunchboxes for {day}: {snack}, {snack2}, sandwich. Is that enough? Other parents seem to do bento boxes",
    "Forgot it was {event} at {school} {day}. Again. Can you remind me the night before next time?",
    "{k1} has {kidact} {day} and {k2} has a {event} on the same afternoon, I can't be in two places",
    "Can you give me ideas for {craft} for {k1}? It's due {day} and we have cardboard and despair",
    "Homework tonight was {craft}. I did most of it. {k1} supervised from the couch with {snack}.",
    "Got both kids to {place} {tod}, they were {parkrel} within ten minutes, home again",
    "{k1} asked me what {num} times {num2} is while I was reversing. Focus, child",
    "{k1} says everyone in the class has {gift} except them. Everyone. Apparently.",
    "Screen time today: too much. Reason: {worktask}. Guilt level: {verdict}",
    "Any tips on {topic}? Asking for a friend. The friend is me. {k2} is the problem.",
    "{k2} said their first proper sentence {tod}, it was about {snack}",
    "Present for a {event} on {day}, budget {cur}10, ideas? Thinking {gift} or {gift2}",
    "Lost {lostthing} somewhere between the car and the front door, a journey of eight metres",
    "Found {lostthing} in the freezer. I have no memory of putting it there. Feeling {mood}",
    "{k1} came out of school {parkrel} and {parkrel2}, so we did {snack} and {show} and no questions",
    "Uniform crisis {tod}: no clean {clothing}, {k1} went in wearing {outfit}",
    "Sorry, {k2} grabbed the phone - ignore that last message. It was about {snack}, I think",
    # meals and cooking
    "What can I make with {ingredient} and {ingredient2} that {k1} will actually eat?",
    "Meal plan idea for {day}: {meal}. Too ambitious for a weeknight?",
    "Dinner was {meal}. {k2} ate the {snack} from the bottom of my bag instead",
    "Can you give me a {appliance} version of {meal}? Need it on the table by {clock}",
    "Made {meal} from scratch and {k1} said it 'tastes of sad'. Rating the evening: {verdict}",
    "Batch-cooked {meal} and {meal2} on Sunday. Feel like an actual adult.",
    "Is {ingredient} ok after the date on it if it smells fine? Asking because dinner is {meal}",
    "Meal plan for the week please: cheap, quick, one with {ingredient}, one with {ingredient2}, no mushrooms",
    "{p} made {meal} tonight and it was genuinely great, don't tell {p} I said that",
    "Kids had {meal} for dinner, I had {snack} standing over the sink. Living the dream",
    "Can you work out a shopping list for {meal} and {meal2}? Four portions, two are tiny and fussy",
    # weather, outdoors
    "{weather} here {tod}. Both kids in wellies, one of them refusing a coat on principle",
    "{weather} all {day}, so it's an indoor day. Send ideas that don't involve glitter",
    "Walked to {place} in {weather} because I'm an optimist. Came back {parkrel}.",
    "Any ideas for {place} type days out within an hour's drive? Forecast is {weather}",
    # house, chores, bills
    "{household} {problem}. Of course it does, it's {day}",
    "Can you find me someone handy to fix things? {household} {problem} and {p} 'had a look'",
    "Spent {tod} on {chore} and {chore2}. Thrilling life I lead",
    "Remind me to {reminder} and {reminder2} {day}, my brain is soup",
    "Remind me {day} to {reminder}. If I don't do it nobody will",
    "{bill} came in. Going to pretend I didn't see it until {day}",
    "Can you help me split {bill} and {bill2} into a monthly budget thing? Spreadsheets scare me",
    "House is a tip. Nobody has touched {chore} since {day}. We live like this now, {mood}",
    "{p} and I had a whole argument about {chore} {tod}. Resolved: nobody wants to do it",
    # work (generic, no employer named)
    "Got {worktask} {day} and {k2} has {ailment}. The universe is laughing",
    "Work today: {verdict}. Between {worktask} and {worktask2} I never sat down",
    "Can you help me write a short out-of-office? Off {day} because of {ailment} in the house",
    "Did {worktask} with {k2} on my knee on mute. Nobody noticed. I think.",
    "Working from the kitchen {tod}, {show} on in the background, {worktask} at 2",
    "Manager asked if I could stay late {day}. Said no. Felt {mood} about it.",
    # illness (no GP named)
    "{k2} has {ailment}. Calpol, cuddles, {show} on repeat. Day {num} of this",
    "Is it normal for {ailment} to last a week? {k1} is still off colour",
    "Both kids with {ailment} and {p} is away. Pray for me",
    "Got {ailment} off the kids, the gift that keeps on giving. Feeling {mood}",
    "Out-of-hours doctor at 2am with {k2} and {ailment}, the locum, {doc}, was very kind",
    "Waiting on a callback from the surgery about {k1}'s {ailment}, on hold for {num} minutes already",
    # partner, family, friends (non-question people)
    "{p} is away {day} so it's me versus both of them. Plan: {meal} and {show}",
    "Date night with {p} {day}! {mil} is babysitting. What do people even talk about?",
    "{p} forgot {lostthing} at home and had to come back. We were already late for {place}",
    "{mil} took the kids for the afternoon and I slept for {num} hours. Life changing",
    "{mil} brought round {meal} and {gift} for the kids, what a woman",
    "My brother {bro} FaceTimed and the kids showed him every single {gift} they own",
    "{bf} came over {day} with {snack} for the kids and we sat in the garden while they fought. Perfect evening",
    "{nb} next door took in our parcel and a bag of {snack} for the kids. Good neighbours are everything",
    "My cousin {friend} is moving to {city}, massive going-away do on {day}",
    "{p}'s sister {ffriend} just got a job at {emp}, delighted for her",
    "My friend {ffriend} from antenatal class has had her second! A little girl. Need to send {gift}",
    "{ffriend} from work has been off with {ailment} all week, sent her {treat}",
    "Old college friend {ffriend} got in touch out of nowhere, she's living in {city} now",
    "{friend} at the school gate asked if {k1} wants a play date {day}. Is it mean to say no, I'm {mood}",
    "{p}'s uncle {mfriend} is over from {city} for a week and staying with us. Pray for me",
    "My colleague {friend} just started at {emp}, leaving drinks {day}",
    # decoys
    "Back from a weekend away in {town}, kids loved it, I need a holiday from the holiday",
    "Thinking about {town} for a few days at Easter, anything good for small kids there?",
    "Borrowed {friend}'s {dcar} for the day while ours was being looked at. Ruined for life now",
    "Hire car on holidays was a {dcar}, {k1} wants us to buy one. No.",
    "Tried {rest} for {p}'s birthday, fancy but tiny portions. Kids ate all the bread",
    "Lunch in {rest} with {bf}, first meal out without kids in months. Bliss",
    "Popped into {shop} for milk and bread on the way home, came out with {num} things that weren't milk or bread",
    "Did a free trial class at {dgym} with {friend}. Not for me. Not for anyone my age.",
    "{p} keeps hinting about a new {gadget} for their birthday, {num} hints this week. Good present or money pit?",
    "{ffriend} lent me her {gadget} for the long drive, kept {k1} quiet for two hours",
    # topics of the slots but stating nothing new
    "The car needs {carjob} and I keep putting it off. Remind me {day}?",
    "Car smells of {snack} and despair. Need to clean it out before {mil} gets in it {day}",
    "Phone needs {phonejob}, {k2} has done a number on it. Add to the list",
    "Phone battery gave out at {clock} on the school run, had no map, got lost in our own area",
    "{creche} pick-up at 6 and I'm still stuck on {worktask}. {p} is doing it, thank god",
    "The {creche} rang, {k2} has {ailment}, come and collect. Left {worktask} mid-sentence",
    "The childminder is off {day}, need a plan B. {mil}? Bribe with {treat}?",
    "The childminder says {k1} needs more {clothing} in the bag, what do they DO there all day",
    "Surgery phone line engaged for the {ordnum} time {tod}. {num} calls and counting",
    "Gym was packed {tod}, queued {num} minutes for a mat. Went home.",
    "Skipped the gym again, {gymexcuse}. Tomorrow. Definitely tomorrow.",
    "Exercise this week: carrying {k2} up the stairs {num} times a night. Does that count?",
    "Takeaway tonight? {gymexcuse} and the fridge has {ingredient} and not much else",
    "Can't decide what takeaway to get, {p} wants {meal} but we had that {day}",
    "Forgot {ingredient} in the big shop, again. Dinner plan {meal} has collapsed",
    "Supermarket with both kids {tod}: {k2} opened {snack} in the aisle, {k1} lay on the floor. {verdict}",
    "Need to do the big shop {day} but can't face it. Could the list just be {snack} and {treat}?",
    "The heating in the house {problem}. Also {household}. Everything is breaking",
    "The commute in {weather} was {verdict}, the work laptop bag nearly took flight",
    # questions to the assistant
    "How long should a {num}-year-old sleep? {k1} is going down at 9 and up at {clock}",
    "What's a good birthday party game for {num} five-year-olds in a small kitchen? Budget {cur}20",
    "Can you explain the tax credit thing again? {bill} has me worried about money",
    "Is it normal for {k2} to only eat {snack} and {snack2}? For a week?",
    "Can you write a funny poem about {topic} for the parents' group chat?",
    "How do I get {show} to stop being the only thing {k2} wants to watch? It's been {num} weeks",
    "What should go in a bag for a {event}? {k1}'s first one and I'm panicking",
    "How do I get {p} to take over {chore} without it becoming A Conversation?",
    "Good podcasts for the drive? Currently on {podcast} and {podcast2}, need a change",
    "Can you help me plan {k1}'s birthday? Thinking {place}, maybe {num} kids, cake shaped like something from {show}",
    # two-halves style, little context
    "...and that's why {k2} is wearing {outfit} in every photo from {day}",
    "...anyway, forget that. Is {meal} freezable? Made far too much",
    "...sorry, {k1} needed a wee. What was I saying? Oh yes, {reminder}",
    "half-typed this at {clock} and fell asleep. Point was: {reminder} {day}",
    "ok I sent that too soon - I meant {meal} on {day}, not {meal2}",
    "one more thing, {p} says we're out of {ingredient} too, add it to the list",
    # moods
    "Feeling {mood} today: {num} hours sleep, {num2} coffees, one clean top",
    "Honestly just need {treat} and for nobody to say '{mammy}' for ten minutes",
    "Quiet house for once {tod}. Both kids asleep, {p} out. Don't know what to do with myself. {treat}?",
    "Cried at an ad about {gift} today. Hormones, tiredness, or both. Probably both",
    "Small win: {chore} done AND {chore2} done before {clock}. Gold star please",
    "Today's verdict: {verdict}. Tomorrow has to be better. {show} and bed",
]

FILLER_PAIRS = [
    # first halves use only fixed persona details, so each pair can appear once per user
    ("quick question, hang on, {k2} is pulling the dog's tail. we don't have a dog. it's {k1}'s tail",
     "...sorry! right so {k1} has started {topic} drama at {clock} every night, any ideas?"),
    ("can you remind me to",
     "...{reminder} {day}. sorry, got interrupted by {k2} and {snack}"),
    ("ugh I had a whole message typed about dinner and {k2} deleted it",
     "...never mind, {p} made {meal} instead, crisis averted"),
    ("right so the plan for the weekend is",
     "...sorry, {k1} fell off the couch. Plan: {place} in the morning, {meal} for dinner"),
    ("random but",
     "...does {ingredient} go with {ingredient2}? Fridge is bare"),
    ("hang on {p} is shouting something from upstairs",
     "...false alarm, {k2} found {lostthing}. Where was I. Oh yes, {reminder}"),
]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_FMT = string.Formatter()
START = datetime(2024, 9, 1, tzinfo=timezone.utc)
END = datetime(2025, 9, 30, 23, 59, 59, tzinfo=timezone.utc)


def _fields(tpl):
    return [f for _, f, _, _ in _FMT.parse(tpl) if f]


class _SafeDict(dict):
    def __missing__(self, key):
        raise KeyError(key)


def _fmt(tpl, ctx):
    out = tpl.format_map(_SafeDict(ctx))
    return out


def _iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S+00:00")


class _Clock:
    def __init__(self, rng):
        self.rng = rng
        self.used = set()

    def _ok(self, dt):
        key = int(dt.timestamp())
        if key in self.used or dt < START or dt > END:
            return False
        self.used.add(key)
        return True

    def on_day(self, day):
        while True:
            secs = self.rng.randint(6 * 3600, 23 * 3600 + 1800)
            dt = datetime(day.year, day.month, day.day, tzinfo=timezone.utc) + timedelta(seconds=secs)
            if self._ok(dt):
                return dt

    def near(self, dt, lo, hi):
        for _ in range(200):
            cand = dt + timedelta(seconds=self.rng.randint(lo, hi))
            if self._ok(cand):
                return cand
        return None

    def anywhere(self):
        span = (END.date() - START.date()).days
        return self.on_day(START.date() + timedelta(days=self.rng.randint(0, span)))


def _days(rng, start, end, k):
    span = (end - start).days
    picks = sorted(rng.sample(range(span + 1), k))
    return [start + timedelta(days=d) for d in picks]


D24 = (datetime(2024, 9, 3).date(), datetime(2024, 12, 20).date())
D25 = (datetime(2025, 1, 6).date(), datetime(2025, 9, 26).date())


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

def _persona(rng):
    loc = rng.choice(["ie", "uk"])
    nm = NAMES[loc]
    fem = list(nm["f"])
    mal = list(nm["m"])
    rng.shuffle(fem)
    rng.shuffle(mal)
    kids = rng.sample(nm["kids"], 2)
    p_female = rng.random() < 0.35
    p = fem.pop() if p_female else mal.pop()
    bro = mal.pop()
    bf = fem.pop()
    nb_f = rng.random() < 0.5
    nb = fem.pop() if nb_f else mal.pop()
    mil = rng.choice(nm["mil"])
    friends = fem[:6] + mal[:4]
    ctx = {
        "loc": loc,
        "k1": kids[0], "k2": kids[1], "p": p, "bro": bro, "bf": bf, "best": bf, "nb": nb, "mil": mil,
        "nb_he": "she" if nb_f else "he", "nb_his": "her" if nb_f else "his", "nb_him": "her" if nb_f else "him",
        "mum": "Mam" if loc == "ie" else "Mum", "mammy": "Mammy" if loc == "ie" else "Mummy",
        "mums": "mams" if loc == "ie" else "mums", "mum_l": "mam" if loc == "ie" else "mum",
        "test": "NCT" if loc == "ie" else "MOT", "cur": "€" if loc == "ie" else "£",
        "dist": "km" if loc == "ie" else "miles", "creche": "creche" if loc == "ie" else "nursery",
        "ads": "DoneDeal" if loc == "ie" else "Autotrader", "school": rng.choice(nm["school"]),
        "ailment_fixed": rng.choice(FL["ailment"]),
    }
    return ctx, friends


def _build_chains(rng, ctx):
    loc = ctx["loc"]
    chains = []  # dicts: subject, slot, values, templates(list of (tpl, kind)), questions
    slots = list(USER_SLOTS)
    rng.shuffle(slots)
    n_slots = rng.choice([9, 10, 10])
    slots = slots[:n_slots]
    for slot in slots:
        n = rng.choices([2, 3, 4], weights=[3, 4, 3])[0]
        values = rng.sample(_pool(slot, loc), n)
        chains.append({"subject": "user", "slot": slot, "values": values})
    for subject, slotdefs in OTHERS.items():
        for slot, (pool_name, firsts, changes, qs) in slotdefs.items():
            n = rng.choices([1, 2, 3], weights=[3, 4, 2])[0]
            values = rng.sample(_pool(pool_name, loc), n)
            chains.append({"subject": subject, "slot": slot, "values": values, "pool": pool_name})
    return chains


def _chain_memories(rng, clock, ctx, ch, used_text):
    """Return list of memory dicts (facts + optional lead-in halves)."""
    out = []
    n = len(ch["values"])
    days = [_days(rng, D24[0], D24[1], 1)[0]] + (_days(rng, D25[0], D25[1], n - 1) if n > 1 else [])
    if ch["subject"] == "user":
        spec = USER_SLOTS[ch["slot"]]
        firsts, changes, leads = spec["first"], spec["change"], list(spec["lead"])
    else:
        _, firsts, changes, _ = OTHERS[ch["subject"]][ch["slot"]]
        leads = []
    change_order = rng.sample(changes, len(changes))
    rng.shuffle(leads)
    for i, value in enumerate(ch["values"]):
        c = dict(ctx)
        c["v"] = value
        c["V"] = value.upper()
        c["o"] = ch["values"][i - 1] if i else ""
        c["av"] = _art(value)
        c["Av"] = _art(value).capitalize()
        c["ao"] = _art(c["o"]) if i else ""
        if i == 0:
            cands = rng.sample(firsts, len(firsts))
        else:
            cands = change_order
        text = None
        for tpl in cands:
            t = _fmt(tpl, c)
            if t not in used_text and value.lower() in t.lower():
                text = t
                if i:
                    change_order = [x for x in change_order if x != tpl]
                break
        assert text is not None, (ch["slot"], value)
        used_text.add(text)
        dt = clock.on_day(days[i])
        mems = []
        if i and leads and rng.random() < 0.22:
            lead = _fmt(leads.pop(), c)
            if lead not in used_text:
                ldt = clock.near(dt, -420, -45)
                if ldt is not None:
                    used_text.add(lead)
                    mems.append({"content": lead, "created": ldt})
        mems.append({"content": text, "created": dt,
                     "fact": {"subject": ch["subject"], "slot": ch["slot"], "index": i, "value": value}})
        out.extend(mems)
    return out


def _art(value):
    first = value.split(" ", 1)[0]
    if first.lower().startswith(("one", "uni", "eu")):
        return "a"
    if first[:1] in "AEIOUaeiou":
        return "an"
    if len(first) > 1 and not first[1:].islower() and first[0] in "AEFHILMNORSX":
        return "an"  # initialisms read letter by letter: M&S, F45
    return "a"


def _questions(rng, ch):
    vals = list(ch["values"])
    last = len(vals) - 1
    qs = []
    if ch["subject"] == "user":
        bank = USER_Q[ch["slot"]]
        for q in rng.sample(bank["now"], 2):
            qs.append((q, "now", last))
        qs.append((rng.choice(bank["before"]), "before", last - 1))
        qs.append((rng.choice(bank["y2024"]), "before", 0))
    else:
        qs.append((rng.choice(OTHERS[ch["subject"]][ch["slot"]][3]), "now", last))
    return [{"question": q, "subject": ch["subject"], "slot": ch["slot"], "tense": t, "gold": g,
             "values": vals, "kind": _kind(q)} for q, t, g in qs]


_OPENERS = ["", "", "", "ugh, ", "right, ", "ok so ", "quick one: ", "honestly, ", "sorry random but ",
            "god, ", "fyi ", "so ", "meanwhile: ", "update: ", "lol ", "not me again but "]
_OPENERS_IE = ["ah here, ", "grand so, ", "jaysus, "]
_OPENERS_UK = ["oh blimey, ", "right then, ", "cor, "]
_CLOSERS = ["", "", "", " lol", " 🙃", ". Send wine", ". Anyway.", " x", " (don't judge)", ". Help", " ffs",
            " 😩", " fml", " 🙈", " #parentlife", " ...", " xx", " - what a day", ". Onwards"]
_CLOSERS_IE = [". Sure look", ", grand", ". The state of me", ". Mortified"]
_CLOSERS_UK = [". Bloody hell", ". Cheers", ". Knackered", ". Brilliant (not)"]


def _join_closer(text, closer):
    if not closer:
        return text
    if closer[0] == "," and text[-1:] == ".":
        return text[:-1] + closer
    if closer[0] in ".," and text[-1:] in ".?!)":
        return text + closer[1:]
    if closer[0] in ".," and text[-1:] in ",:;-":
        return text.rstrip(",:;- ") + closer
    return text + closer


def _filler_lists(ctx, friends, loc):
    lists = {k: v for k, v in FL.items()}
    lists["friend"] = friends
    lists["ffriend"] = [f for f in friends if f in NAMES[loc]["f"]]
    lists["mfriend"] = [f for f in friends if f in NAMES[loc]["m"]]
    lists["town"] = _decoy("town", loc)
    lists["city"] = _decoy("city", loc)
    lists["dcar"] = _decoy("car", loc)
    lists["rest"] = _decoy("rest", loc)
    lists["shop"] = _decoy("shop", loc)
    lists["dgym"] = _decoy("gym", loc)
    lists["doc"] = _decoy("doc", loc)
    lists["gadget"] = _decoy("gadget", loc)
    lists["emp"] = _decoy("employer", loc)
    lists["gymexcuse"] = [_fmt(x, ctx) for x in FL["gymexcuse"]]
    return lists


def _cap_first(opener, text, tpl):
    if not opener:
        return text
    first = text.split(" ", 1)[0]
    if not tpl.startswith("{") and first not in ("I", "I'm", "I've", "I'd", "I'll"):
        text = text[0].lower() + text[1:]
    return opener + text




class _NearDup:
    """Rejects texts equal to an earlier one up to punctuation/case or one word
    substituted, inserted or deleted."""

    def __init__(self):
        self.full = set()
        self.subs = set()
        self.dels = set()

    @staticmethod
    def _keys(text):
        w = _norm_words(text)
        subs = {tuple(w[:i] + ["\0"] + w[i + 1:]) for i in range(len(w))}
        dels = {tuple(w[:i] + w[i + 1:]) for i in range(len(w))}
        return tuple(w), subs, dels

    def clashes(self, text):
        full, subs, dels = self._keys(text)
        return (full in self.full or full in self.dels or not self.subs.isdisjoint(subs)
                or not self.full.isdisjoint(dels))

    def add(self, text):
        full, subs, dels = self._keys(text)
        self.full.add(full)
        self.subs |= subs
        self.dels |= dels


class _FillerGen:
    def __init__(self, rng, ctx, friends, nd):
        self.rng = rng
        self.nd = nd
        self.ctx = ctx
        self.loc = ctx["loc"]
        self.lists = _filler_lists(ctx, friends, self.loc)
        self.openers = _OPENERS + (_OPENERS_IE if self.loc == "ie" else _OPENERS_UK)
        self.closers = _CLOSERS + (_CLOSERS_IE if self.loc == "ie" else _CLOSERS_UK)
        self.history = {}
        self.order = list(range(len(FILLER)))
        self.dead = set()

    def _choose(self, tpl_list):
        picks = {}
        core = []
        fills = dict(self.ctx)
        for tpl in tpl_list:
            for f in _fields(tpl):
                if f in fills or f in picks:
                    continue
                base = f.rstrip("0123456789")
                options = self.lists[base]
                taken = {v for k, v in picks.items() if k.rstrip("0123456789") == base}
                choice = self.rng.choice([o for o in options if o not in taken])
                picks[f] = choice
                core.append(choice)
        fills.update(picks)
        return fills, tuple(core)

    def _ok(self, key, sig):
        for old in self.history.get(key, ()):
            if old[2:] == sig[2:]:
                return False
            diff = sum(1 for a, b in zip(old, sig) if a != b)
            if diff < 2:
                return False
        return True

    def one(self, used_text):
        for _ in range(400):
            live = [i for i in self.order if i not in self.dead]
            if not live:
                raise RuntimeError("filler exhausted")
            idx = self.rng.choice(live)
            tpl = FILLER[idx]
            got = None
            for _try in range(30):
                fills, core = self._choose([tpl])
                op = self.rng.choice(self.openers)
                cl = self.rng.choice(self.closers)
                if tpl.startswith("...") or tpl[:1].islower():
                    op = ""
                if op and cl and _norm_words(op)[:1] == _norm_words(cl)[:1]:
                    continue
                # emoji/punctuation-only openers and closers do not count as a difference
                sig = (" ".join(_norm_words(op)), " ".join(_norm_words(cl))) + core
                if not self._ok(idx, sig):
                    continue
                text = _join_closer(_cap_first(op, _fmt(tpl, fills), tpl), cl)
                if text in used_text or self.nd.clashes(text):
                    continue
                got = (text, sig)
                break
            if got is None:
                self.dead.add(idx)
                continue
            self.history.setdefault(idx, []).append(got[1])
            used_text.add(got[0])
            self.nd.add(got[0])
            return got[0]
        raise RuntimeError("filler exhausted")

    def pair(self, used_text):
        for _ in range(40):
            idx = self.rng.randrange(len(FILLER_PAIRS))
            a_t, b_t = FILLER_PAIRS[idx]
            fills, core = self._choose([a_t, b_t])
            sig = ("", "") + core
            key = ("pair", idx)
            if not self._ok(key, sig):
                continue
            a, b = _fmt(a_t, fills), _fmt(b_t, fills)
            if a in used_text or b in used_text or self.nd.clashes(a) or self.nd.clashes(b):
                # first halves with no variables can only be used once
                continue
            self.history.setdefault(key, []).append(sig)
            used_text.add(a)
            used_text.add(b)
            self.nd.add(a)
            self.nd.add(b)
            return a, b
        return None


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"{SPLIT}/{user}/{seed}")
    ctx, friends = _persona(rng)
    chains = _build_chains(rng, ctx)
    clock = _Clock(rng)
    used_text = set()

    chain_mems = []
    for ch in chains:
        chain_mems.append(_chain_memories(rng, clock, ctx, ch, used_text))
    questions = [_questions(rng, ch) for ch in chains]

    # drop whole chains (other people first, then the user's, from the end) until facts fit
    keep = list(range(len(chains)))
    drop_order = [i for i in reversed(keep) if chains[i]["subject"] != "user"] + \
                 [i for i in reversed(keep) if chains[i]["subject"] == "user"]
    total = sum(len(m) for m in chain_mems)
    dropped = set()
    for i in drop_order:
        if total <= size:
            break
        dropped.add(i)
        total -= len(chain_mems[i])
    memories = []
    qs = []
    for i in range(len(chains)):
        if i in dropped:
            continue
        memories.extend(chain_mems[i])
        qs.extend(questions[i])

    nd = _NearDup()
    for mems in chain_mems:
        for m in mems:
            assert not nd.clashes(m["content"]), m["content"]
            nd.add(m["content"])
    fg = _FillerGen(rng, ctx, friends, nd)
    remaining = size - len(memories)
    while remaining > 0:
        if remaining >= 2 and rng.random() < 0.04:
            pr = fg.pair(used_text)
            if pr:
                t1 = clock.anywhere()
                t2 = clock.near(t1, 20, 300)
                if t2 is not None:
                    memories.append({"content": pr[0], "created": t1})
                    memories.append({"content": pr[1], "created": t2})
                    remaining -= 2
                    continue
                clock.used.discard(int(t1.timestamp()))
                used_text.discard(pr[0])
                used_text.discard(pr[1])
        text = fg.one(used_text)
        memories.append({"content": text, "created": clock.anywhere()})
        remaining -= 1

    memories.sort(key=lambda m: m["created"])
    for m in memories:
        m["created"] = _iso(m["created"])
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW, "memories": memories, "questions": qs}


# ---------------------------------------------------------------------------
# Self-check
# ---------------------------------------------------------------------------

def _norm_words(text):
    return re.sub(r"[^\w\s']", " ", text.lower()).split()


def _near_dup_check(contents):
    normed = {}
    for c in contents:
        key = " ".join(_norm_words(c))
        assert key not in normed, ("punctuation-only duplicate", c, normed[key])
        normed[key] = c
    sigs = {}
    for c in contents:
        w = _norm_words(c)
        keys = set()
        for i in range(len(w)):
            keys.add(("sub", tuple(w[:i] + ["*"] + w[i + 1:])))
            keys.add(("del", tuple(w[:i] + w[i + 1:])))
        keys.add(("del", tuple(w)))
        for k in keys:
            if k[0] == "sub" and k in sigs and sigs[k] != c:
                raise AssertionError(("one-word near duplicate", c, sigs[k]))
        for k in keys:
            sigs.setdefault(k, c)
    # insertion/deletion of one word: a full text equal to another's one-word deletion
    full = {}
    for c in contents:
        full[tuple(_norm_words(c))] = c
    for c in contents:
        w = _norm_words(c)
        for i in range(len(w)):
            d = tuple(w[:i] + w[i + 1:])
            if d in full and full[d] != c:
                raise AssertionError(("one-word insertion near duplicate", c, full[d]))


def _check(data, size, user):
    assert data["split"] == SPLIT and data["user"] == user and data["now"] == NOW
    mems = data["memories"]
    assert len(mems) == size, (len(mems), size)
    created = [m["created"] for m in mems]
    assert created == sorted(created)
    assert len(set(created)) == len(created)
    for c in created:
        assert c.endswith("+00:00") and "2024-09-01" <= c[:10] <= "2025-09-30", c
        datetime.fromisoformat(c)
    contents = [m["content"] for m in mems]
    assert len(set(contents)) == len(contents)
    for c in contents:
        assert c.strip() and len(c) <= 400, c
        assert "{" not in c and "}" not in c, c
    _near_dup_check(contents)

    chains = {}
    for m in mems:
        f = m.get("fact")
        if f:
            assert set(f) == {"subject", "slot", "index", "value"}
            chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], m["created"], m["content"]))
    all_values = set()
    for key, steps in chains.items():
        steps.sort()
        assert [s[0] for s in steps] == list(range(len(steps))), key
        dates = [s[2] for s in steps]
        assert dates == sorted(dates), key
        assert dates[0][:4] == "2024" and dates[0][5:7] in ("09", "10", "11", "12"), key
        for d in dates[1:]:
            assert d[:4] == "2025", key
        vals = [s[1] for s in steps]
        assert len(set(vals)) == len(vals), key
        if key[0] == "user":
            assert 2 <= len(vals) <= 4, key
        else:
            assert 1 <= len(vals) <= 3, key
        for i, (_, v, _, content) in enumerate(steps):
            assert v.lower() in content.lower(), (v, content)
        all_values.update(vals)
    user_slots = {k[1] for k in chains if k[0] == "user"}
    others = {k[0] for k in chains if k[0] != "user"}
    if size >= 1000:
        assert 8 <= len(user_slots) <= 10, user_slots
        assert len(others) == 4, others
        for o in others:
            assert sum(1 for k in chains if k[0] == o) == 3
    # other people's values never held by the user in a same-named slot
    for (subj, slot), steps in chains.items():
        if subj != "user" and ("user", slot) in chains:
            uv = {s[1] for s in chains[("user", slot)]}
            assert not uv & {s[1] for s in steps}

    # values never appear in unlabelled memories; fact memories mention only own value and the previous one
    pats = {v: re.compile(r"(?<![\w])" + re.escape(v) + r"(?![\w])", re.I) for v in all_values}
    for m in mems:
        allowed = set()
        if "fact" in m:
            f = m["fact"]
            steps = chains[(f["subject"], f["slot"])]
            allowed.add(f["value"])
            if f["index"]:
                allowed.add(steps[f["index"] - 1][1])
        for v, p in pats.items():
            if v not in allowed and p.search(m["content"]):
                raise AssertionError((v, m["content"]))

    # questions
    qs = data["questions"]
    seen_q = set()
    per = {}
    for q in qs:
        assert q["kind"] == _kind(q["question"]), q
        assert q["question"] not in seen_q or True
        key = (q["subject"], q["slot"])
        assert key in chains, key
        vals = [s[1] for s in sorted(chains[key])]
        assert q["values"] == vals, q
        last = len(vals) - 1
        per.setdefault(key, []).append(q)
        ql = q["question"].lower()
        if q["tense"] == "now":
            assert q["gold"] == last
            assert q["kind"] in ("now", "currently", "these days", "plain"), q
            for bad in ("before", "previous", "used to", "use to", "2024"):
                assert bad not in ql, q
        else:
            assert q["tense"] == "before"
            if "2024" in ql:
                assert q["gold"] == 0 and q["kind"] == "in 2024", q
            else:
                assert q["gold"] == last - 1 and q["kind"] in ("before", "used to"), q
        assert "the user" in ql, q
    for key in chains:
        lst = per.get(key, [])
        if key[0] == "user":
            assert len(lst) == 4, key
            assert sum(1 for q in lst if q["tense"] == "now") == 2
            assert len({q["question"] for q in lst}) == 4
            assert sum(1 for q in lst if "2024" in q["question"]) == 1
        else:
            assert len(lst) == 1 and lst[0]["tense"] == "now", key


def self_check() -> None:
    # template sanity: every user slot has enough phrasings
    for slot, spec in USER_SLOTS.items():
        assert len(spec["first"]) >= 8 and len(spec["change"]) >= 10, slot
        for q in USER_Q[slot]["now"]:
            assert _kind(q) in ("now", "currently", "these days", "plain"), q
        for q in USER_Q[slot]["before"]:
            assert _kind(q) in ("before", "used to"), q
        for q in USER_Q[slot]["y2024"]:
            assert _kind(q) == "in 2024", q
    for subj, slots in OTHERS.items():
        for slot, (_, _, _, qs) in slots.items():
            for q in qs:
                assert _kind(q) in ("now", "currently", "these days", "plain"), q
    for size in (1000, 100):
        for user in range(4):
            d1 = generate(size, user)
            d2 = generate(size, user)
            assert d1 == d2, "not deterministic"
            _check(d1, size, user)
    # different users differ
    a, b = generate(1000, 0), generate(1000, 1)
    assert {m["content"] for m in a["memories"]} != {m["content"] for m in b["memories"]}
    # tiny size: chains get dropped
    small = generate(20, 0)
    assert len(small["memories"]) == 20
    keys = {(m["fact"]["subject"], m["fact"]["slot"]) for m in small["memories"] if "fact" in m}
    assert {(q["subject"], q["slot"]) for q in small["questions"]} == keys


if __name__ == "__main__":
    import time
    t0 = time.time()
    self_check()
    print(f"self_check ok in {time.time() - t0:.1f}s")
    for u in range(4):
        t0 = time.time()
        generate(1000, u)
        print(f"generate(1000, {u}): {time.time() - t0:.2f}s")
    t0 = time.time()
    big = generate(10000, 0)
    print(f"generate(10000, 0): {time.time() - t0:.2f}s")
    t0 = time.time()
    _check(big, 10000, 0)
    print(f"check(10000): {time.time() - t0:.2f}s")
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(len(facts), "fact memories,", len(d["questions"]), "questions")
    for m in facts[:14]:
        print(m["created"], m["fact"], "|", m["content"])
    print("--- filler sample")
    r = random.Random(1)
    for m in r.sample([m for m in d["memories"] if "fact" not in m], 12):
        print(m["created"], "|", m["content"])
    print("--- questions sample")
    for q in d["questions"][:8]:
        print(q)
