"""Knowledge-update set blind4: a fourth blind knowledge-update test set for hippocampus recall.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Measured blind before (0.229 at 1,000) and after a first round (0.344); its failures were then read for classes.

    python3 bench/knowledge_updates.py --split blind4 --mode library
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

# Template style tags: "c:" a chat line typed by the user (casing varies), "n:" a terse note
# the agent wrote, "p:" prose: narration, context, or the fact in passing inside another topic.
# Placeholders: {v} value, {a} its article, {old} the value it replaces, {month} the month the
# statement was made, {breed} a dog breed, {who} the other person.

SLOTS: dict[str, dict[str, list[str]]] = {
    "city": {
        "values": ["Ghent", "Bologna", "Valencia", "Gdansk", "Tallinn", "Leipzig", "Bratislava", "Aarhus",
                   "Ljubljana", "Bergen", "Nantes", "Salzburg", "Cork", "Trieste", "Utrecht", "Bilbao"],
        "user": [
            "c:ok the move is done, {v} it is",
            "c:still not used to the trams here in {v}",
            "n:Lives in {v} now.",
            "n:Home city: {v}",
            "n:Relocated from {old} to {v}.",
            "c:we left {old} for {v} last weekend, boxes everywhere",
            "p:Last month we packed up the flat and moved to {v}.",
            "p:Cycling home along the river in {v} tonight, the new neighbourhood is growing on me.",
            "c:signed the lease!! we're officially {v} people",
            "n:Moved to {v} ({month}).",
            "c:new address is in {v}, will text it to you",
            "p:Spent Saturday hunting for a decent bakery near the new place in {v}.",
            "p:After two years of talking about it we finally made the move from {old} to {v}.",
        ],
        "other": [
            "c:{who} just moved to {v}, so jealous",
            "n:{who} lives in {v}.",
            "p:{who} finally left {old} and is renting a place in {v}.",
            "c:{who} is in {v} now, new flat and everything",
            "n:{who} relocated to {v} in {month}.",
            "p:Visited {who} in {v}, where the new apartment has a tiny balcony.",
            "c:helping {who} move to {v} this weekend",
        ],
        "now": ["Where does the user live now?", "Which city is the user based in?",
                "What city does the user currently call home?", "Where is the user living these days?",
                "Where's the user's home at the moment?", "In which city does the user live?",
                "What's the user's current city?"],
        "before": ["Where did the user live before moving?", "Which city did the user use to live in?",
                   "What was the user's previous city?", "Where did the user live before the latest move?"],
        "year": ["Where was the user living in {year}?", "Which city did the user live in back in {year}?",
                 "What city was home for the user in {year}?"],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} in these days?",
                    "What city does the user's {rel} live in?", "Where is the user's {rel} currently based?"],
    },
    "employer": {
        "values": ["Zalando", "Atlassian", "Siemens", "Unilever", "Deloitte", "Canva", "Shopify", "Bosch",
                   "Philips", "Ericsson", "Heineken", "Maersk", "Adyen", "Novartis", "Airbus", "Lufthansa"],
        "user": [
            "c:Starting Monday I'm at {v} full time",
            "n:Works at {v} since {month}.",
            "n:Employer changed to {v}.",
            "n:Employer: {v}",
            "c:handed in my notice at {old}, joining {v} in a few weeks",
            "c:first week at {v} done, my brain is full",
            "p:Last week I signed the contract with {v} and quit {old} for good.",
            "p:Grabbed lunch with the new team at {v}, everyone seems friendly enough.",
            "c:got the offer from {v}!!! accepting it",
            "n:Left {old}; now employed by {v}.",
            "p:My badge for the {v} office finally arrived, so no more waiting at reception.",
            "c:i work for {v} now fyi, update my email signature pls",
            "p:Since switching from {old} to {v} my commute is twenty minutes shorter.",
        ],
        "other": [
            "c:{who} got a job at {v}!",
            "n:{who} works at {v}.",
            "p:{who} left {old} and started at {v} in {month}.",
            "c:{who} is at {v} now, says the canteen is great",
            "p:Caught up with {who}, who has been working at {v} for a few months.",
            "n:{who} switched employers: {old} -> {v}.",
        ],
        "now": ["Where does the user work now?", "Who is the user's employer?",
                "Which company is the user working for these days?", "What company employs the user currently?",
                "Where does the user have a job at the moment?", "Who signs the user's paychecks?",
                "Which firm does the user currently work at?"],
        "before": ["Where did the user work before?", "Which company did the user use to work for?",
                   "Who was the user's previous employer?", "Where was the user employed before the latest job switch?"],
        "year": ["Where did the user work in {year}?", "Which company was the user employed by in {year}?",
                 "Who was the user's employer in {year}?"],
        "other_q": ["Where does the user's {rel} work now?", "Which company is the user's {rel} at these days?",
                    "Who employs the user's {rel}?", "Where does the user's {rel} currently work?"],
    },
    "phone": {
        "values": ["Pixel 8", "iPhone 15", "Galaxy S24", "Fairphone 5", "Xperia 1 V", "OnePlus 12", "Moto Edge 40",
                   "Nothing Phone 2", "Galaxy Z Flip 5", "iPhone 13 mini", "Pixel 7a", "Xiaomi 14",
                   "Honor Magic 6", "Zenfone 10", "Oppo Find X7", "iPhone SE"],
        "user": [
            "c:new phone day! got {a} {v}",
            "n:Phone: {v}",
            "n:Uses {a} {v}.",
            "c:swapped my {old} for {a} {v}, the camera is nuts",
            "p:Last week I finally replaced the cracked {old} with {a} {v}.",
            "c:still setting up the {v}, why are there so many settings",
            "n:Upgraded phone to {v} in {month}.",
            "p:Took the {v} hiking and the battery lasted the whole weekend.",
            "c:texting from the {v} now, ignore the typos",
            "p:Dropped my {v} in the sink this morning but it survived, thank goodness.",
            "c:the {v} arrived, old one goes in the drawer",
            "n:Switched from {old} to {v}.",
            "c:finally caved and bought {a} {v}",
        ],
        "other": [
            "c:{who} got {a} {v} and won't stop showing me photos",
            "n:{who} uses {a} {v}.",
            "p:{who} traded in the old {old} for {a} {v}.",
            "c:{who} has {a} {v} now lol",
            "p:Helped {who} move everything over to a new {v} on Sunday.",
            "n:{who}'s phone: {v}",
        ],
        "now": ["What phone does the user have now?", "Which phone is the user using?",
                "What's the user's current phone?", "What smartphone does the user carry these days?",
                "Which handset does the user use?", "What phone model does the user own?",
                "What mobile is the user on at the moment?"],
        "before": ["What phone did the user have before?", "Which phone did the user use to have?",
                   "What was the user's previous phone?", "Which handset did the user own before upgrading?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?",
                 "What smartphone did the user carry in {year}?"],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone is the user's {rel} using these days?",
                    "What smartphone does the user's {rel} own?", "What's the user's {rel}'s current phone?"],
    },
    "dog": {
        "values": ["Nacho", "Waffles", "Juniper", "Pickle", "Rosco", "Marley", "Ziggy", "Bramble", "Nutmeg",
                   "Gizmo", "Pretzel", "Sprout", "Domino", "Mochi", "Toffee", "Kiwi"],
        "user": [
            "n:Dog: {v} ({breed})",
            "p:Last week I adopted a {breed} named {v}.",
            "c:meet {v}!!! our new {breed} 🐶",
            "p:Walking {v} along the canal this morning, the new neighbourhood is lovely.",
            "c:the pup, {v}, chewed through my charger again",
            "n:Has a dog named {v}.",
            "n:New dog: {v}. Previous dog {old} was rehomed with family.",
            "c:we said goodbye to {old} and a week later a rescue called {v} came home with us",
            "p:Took {v} to the vet for the first jabs; the little {breed} was very brave.",
            "c:anyone know a good dog sitter? {v} can't be alone all day",
            "n:Dog's name is {v}.",
            "p:The shelter called on Tuesday and now {v}, a scruffy {breed}, sleeps at the foot of our bed.",
            "c:puppy school with {v} tonight, wish us luck",
        ],
        "other": [
            "c:{who} got a puppy called {v}",
            "n:{who} has a dog named {v}.",
            "p:{who} adopted a {breed} and named it {v}.",
            "c:{who}'s dog {v} is the cutest thing",
            "p:Dog-sat for {who} over the weekend; {v} is a handful.",
            "n:{who} rehomed {old}; new dog is {v}.",
        ],
        "now": ["What is the user's dog called?", "What's the name of the user's dog now?",
                "What is the user's current dog named?", "Which dog does the user have these days?",
                "What name does the user's pup go by?", "Who is the user's dog?",
                "What's the user's dog's name at the moment?"],
        "before": ["What was the user's previous dog called?", "What dog did the user have before?",
                   "What was the name of the dog the user used to have?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?",
                 "What was the name of the user's dog in {year}?"],
        "other_q": ["What is the user's {rel}'s dog called now?", "What's the name of the dog the user's {rel} has?",
                    "Which dog does the user's {rel} have these days?", "What's the user's {rel}'s dog named?"],
    },
    "gym": {
        "values": ["PureGym", "Basic-Fit", "Equinox", "Third Space", "F45", "Virgin Active", "Snap Fitness",
                   "Barry's", "Fitness First", "Orangetheory", "BoulderHaus", "Planet Fitness", "McFit",
                   "Iron Temple", "Holmes Place", "Anytime Fitness"],
        "user": [
            "c:joined {v}, first session tomorrow 💪",
            "n:Gym: {v}",
            "n:Member of {v} since {month}.",
            "c:cancelled {old}, signed up at {v} instead, way cheaper",
            "p:Last Tuesday I did my induction at {v} and could barely walk after.",
            "p:Leg day at {v} before work, then a mountain of emails.",
            "c:{v} at 6am is empty, love it",
            "n:Switched gym membership from {old} to {v}.",
            "c:my {v} membership card came in the post",
            "p:The sauna at {v} is the best thing about the new membership.",
            "c:anyone wanna come to {v} with me tonight?",
            "n:Trains at {v} three times a week.",
            "p:Moved my membership over to {v} after {old} put the fees up again.",
        ],
        "other": [
            "c:{who} joined {v} lol, give it a month",
            "n:{who} trains at {v}.",
            "p:{who} quit {old} and now goes to {v} before work.",
            "c:{who} keeps inviting me to {v}, says the classes are great",
            "p:Bumped into {who} at {v}, where they've just taken out a membership.",
            "n:{who} has a membership at {v}.",
        ],
        "now": ["Which gym does the user go to now?", "What gym is the user a member of?",
                "Where does the user work out these days?", "Which gym does the user currently train at?",
                "Where does the user lift?", "What's the user's gym?",
                "Where has the user got a gym membership at the moment?"],
        "before": ["Which gym did the user go to before?", "What gym did the user use to train at?",
                   "What was the user's previous gym?"],
        "year": ["Which gym was the user a member of in {year}?", "Where did the user work out in {year}?",
                 "What gym did the user go to in {year}?"],
        "other_q": ["Which gym does the user's {rel} go to now?", "Where does the user's {rel} train these days?",
                    "What gym is the user's {rel} a member of?", "Which gym is the user's {rel} currently at?"],
    },
    "car": {
        "values": ["Skoda Octavia", "Kia Niro", "Mazda MX-5", "Volvo XC40", "Renault Zoe", "Fiat 500",
                   "Toyota Yaris", "Hyundai Ioniq 5", "Peugeot 208", "Mini Cooper", "BMW i3", "Subaru Outback",
                   "Polestar 2", "Dacia Duster", "Ford Puma", "Honda Jazz"],
        "user": [
            "c:swapped the {old} for {a} {v}, no regrets",
            "n:Car: {v}",
            "n:Drives {a} {v}.",
            "p:Last Saturday I picked up {a} {v} from the dealer.",
            "c:the {v} needs a service already??",
            "p:Drove the {v} up to the lake on Sunday, smooth the whole way.",
            "c:sold the {old}, we're {v} people now",
            "n:Car changed to {v} in {month}.",
            "c:new car!! {a} {v}, in grey",
            "p:Parking the {v} on our narrow street is a daily adventure.",
            "n:Replaced {old} with {v}.",
            "c:bought {a} {v} second hand, runs great",
            "p:Filled up the {v} on the way to work and the price made me wince.",
        ],
        "other": [
            "c:{who} bought {a} {v}, very fancy",
            "n:{who} drives {a} {v}.",
            "p:{who} sold the {old} and is now driving {a} {v}.",
            "c:{who} picked me up in a new {v} today",
            "p:Borrowed the {v} that {who} just bought for the airport run.",
            "n:{who} got a new car: {v}.",
        ],
        "now": ["What car does the user drive now?", "Which car does the user have?",
                "What's the user's current car?", "What is the user driving these days?",
                "What vehicle does the user own?", "What does the user drive?",
                "Which model of car does the user have at the moment?"],
        "before": ["What car did the user drive before?", "Which car did the user use to own?",
                   "What was the user's previous car?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?",
                 "What was the user driving in {year}?"],
        "other_q": ["What car does the user's {rel} drive now?", "Which car does the user's {rel} have these days?",
                    "What does the user's {rel} drive?", "What's the user's {rel}'s current car?"],
    },
    "partner": {
        "values": ["Ines", "Mateo", "Priya", "Jonas", "Freya", "Rafael", "Noor", "Emil", "Keiko", "Dario", "Alma",
                   "Tobias", "Yasmin", "Lukas", "Chiara", "Sander"],
        "user": [
            "c:been seeing {v} for a few weeks, it's going really well",
            "n:Partner: {v}",
            "n:In a relationship with {v}.",
            "p:Last Friday {v} and I made it official.",
            "c:{v} is cooking tonight so i'm on dishes",
            "c:{old} and i broke up last month... but i've met {v} and honestly it's great",
            "n:Partner changed: now with {v} (previously {old}).",
            "p:Took {v} to meet my parents on Sunday and it went better than expected.",
            "c:my partner {v} says hi",
            "p:Planning a weekend away with {v}, somewhere with a fireplace and no wifi.",
            "n:User's partner is {v}.",
            "c:moving in with {v}!! eek",
            "p:After things ended with {old}, I started dating {v} and we're very happy.",
        ],
        "other": [
            "c:{who} is dating someone called {v}",
            "n:{who}'s partner: {v}.",
            "p:{who} broke up with {old} and is now with {v}.",
            "c:{who} brought {v} to dinner, seems serious",
            "p:Met {v}, the new partner of {who}, at the barbecue.",
            "n:{who} is in a relationship with {v}.",
        ],
        "now": ["Who is the user's partner now?", "Who is the user dating?",
                "What's the name of the user's partner?", "Who is the user currently in a relationship with?",
                "Who's the user seeing these days?", "Who is the user's significant other?",
                "What is the user's other half called?"],
        "before": ["Who was the user's previous partner?", "Who did the user date before?",
                   "Who did the user use to go out with?"],
        "year": ["Who was the user's partner in {year}?", "Who was the user dating in {year}?",
                 "Who was the user in a relationship with in {year}?"],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the partner of the user's {rel}?",
                    "Who's the user's {rel} seeing these days?", "Who is the user's {rel} currently with?"],
    },
    "food": {
        "values": ["pad thai", "ramen", "shakshuka", "pierogi", "bibimbap", "tacos al pastor", "paella", "pho",
                   "butter chicken", "gnocchi", "falafel", "khachapuri", "laksa", "moussaka", "poke bowls",
                   "dim sum"],
        "user": [
            "c:obsessed with {v} lately, could eat it every day",
            "n:Favourite food: {v}",
            "n:Loves {v} more than any other food.",
            "c:ok new favourite food: {v}. sorry {old}",
            "p:Last night I made {v} from scratch and it's officially my favourite dish.",
            "c:craving {v} again, third time this week",
            "n:Favourite dish changed from {old} to {v}.",
            "p:Found a tiny place near the station that does proper {v}, which is all I want to eat lately.",
            "c:{v} > everything else, fight me",
            "p:Ordered {v} for the third night running; my favourite, no contest.",
            "c:if you're cooking for me, {v}. always {v}",
            "n:Top comfort food is now {v}.",
            "c:honestly {old} was overrated, {v} is where it's at",
        ],
        "other": [
            "c:{who} is obsessed with {v} now",
            "n:{who}'s favourite food: {v}.",
            "p:{who} has gone off {old} and can't stop eating {v}.",
            "c:{who} says {v} is the best food on earth",
            "p:Cooked {v} for {who}, whose favourite dish it is lately.",
            "n:{who} loves {v} most.",
        ],
        "now": ["What is the user's favourite food now?", "What food does the user love most?",
                "What's the user's favourite dish these days?", "Which dish does the user currently like best?",
                "What does the user most like to eat?", "What would the user pick as a favourite meal?",
                "What food is the user into at the moment?"],
        "before": ["What was the user's favourite food before?", "What did the user use to love eating?",
                   "What was the user's previous favourite dish?"],
        "year": ["What was the user's favourite food in {year}?", "Which dish did the user like best in {year}?",
                 "What food did the user love most in {year}?"],
        "other_q": ["What is the user's {rel}'s favourite food now?", "What does the user's {rel} love to eat these days?",
                    "What's the favourite dish of the user's {rel}?", "Which food does the user's {rel} like best?"],
    },
    "team": {
        "values": ["Real Betis", "Feyenoord", "Borussia Dortmund", "Galatasaray", "Olympique Marseille",
                   "Sporting CP", "Club Brugge", "Green Bay Packers", "Chicago Bulls", "Toronto Raptors",
                   "Leinster", "Seattle Sounders", "Union Berlin", "Atalanta", "Brentford", "Celtic"],
        "user": [
            "c:{v} till i die 🏟️",
            "n:Supports {v}.",
            "n:Team: {v}",
            "c:switching allegiance to {v}, {old} broke my heart one too many times",
            "p:Last weekend I watched {v} win at home and bought a scarf on the way out.",
            "c:season ticket for {v} sorted!!",
            "n:Now follows {v} (dropped {old}).",
            "p:Watching {v} with the neighbours at the pub around the corner tonight, what a match.",
            "c:come on {v}!!! big game tonight",
            "p:I've become a proper {v} fan since the move.",
            "c:got the new {v} shirt",
            "n:Favourite team: {v}.",
            "p:Gave my old {old} jersey to charity; I'm all in on {v} these days.",
        ],
        "other": [
            "c:{who} has become a {v} fan, unbearable",
            "n:{who} supports {v}.",
            "p:{who} gave up on {old} and now follows {v}.",
            "c:{who} got tickets to see {v}, huge fan now",
            "p:Watched the {v} game at the house of {who}, who wore the full kit.",
            "n:{who}'s team: {v}.",
        ],
        "now": ["Which team does the user support now?", "What team is the user a fan of?",
                "Who does the user root for these days?", "Which club does the user currently follow?",
                "What's the user's favourite team?", "Which side is the user cheering on?",
                "Who does the user support at the moment?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "What was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "Who was the user rooting for in {year}?",
                 "What team was the user a fan of in {year}?"],
        "other_q": ["Which team does the user's {rel} support now?", "Who does the user's {rel} root for these days?",
                    "What team is the user's {rel} a fan of?", "Which club does the user's {rel} currently follow?"],
    },
    "class": {
        "values": ["pottery", "salsa", "life drawing", "welding", "improv", "sourdough baking", "watercolour",
                   "Krav Maga", "aerial silks", "woodworking", "jewellery making", "creative writing",
                   "bookbinding", "flamenco", "calligraphy", "screen printing"],
        "user": [
            "c:signed up for {a} {v} class on thursdays!",
            "n:Class: {v}",
            "n:Taking {a} {v} course.",
            "c:dropped {old}, doing {v} instead this term",
            "p:Last Wednesday was my first {v} class and I was hopeless but loved it.",
            "c:{v} homework is taking over the kitchen table lol",
            "n:Enrolled in {v} ({month}).",
            "p:Rushed from work to the community centre for {v} and made it just in time.",
            "c:my {v} teacher is sooo patient",
            "n:Switched course from {old} to {v}.",
            "p:Our {v} group went for drinks after the session, such a nice bunch.",
            "c:booked the {v} term, 10 weeks",
            "p:Having given up on {old}, I've started an evening course in {v}.",
        ],
        "other": [
            "c:{who} started {a} {v} class lol",
            "n:{who} takes {v} classes.",
            "p:{who} quit {old} and enrolled in {v}.",
            "c:{who} won't stop talking about the {v} course",
            "p:Saw the stuff {who} made in {v} class, seriously impressive.",
            "n:{who} is doing a course in {v}.",
        ],
        "now": ["What class is the user taking now?", "Which course is the user enrolled in?",
                "What is the user studying in the evenings these days?", "What course does the user currently attend?",
                "What class has the user signed up for?", "Which class does the user go to each week?",
                "What's the user learning in class at the moment?"],
        "before": ["What class did the user take before?", "Which course did the user use to attend?",
                   "What was the user's previous class?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user attend in {year}?",
                 "What was the user enrolled in during {year}?"],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} doing these days?",
                    "What is the user's {rel} enrolled in?", "What class does the user's {rel} currently attend?"],
    },
    "hairdresser": {
        "values": ["Snip & Sip", "Curl Up & Dye", "Barberella", "Shear Genius", "Fade Factory", "Hair Affair",
                   "Blade & Bristle", "Chop Shop", "Klipp", "Toni&Guy", "Sassoon", "Headmasters",
                   "Ruby's Barbershop", "Mane Street", "Comb Collective", "Cutting Room"],
        "user": [
            "c:found a new hairdresser, {v}, best cut of my life",
            "n:Hairdresser: {v}",
            "n:Gets haircuts at {v}.",
            "c:ditched {old}, {v} actually listens to what i want",
            "p:Last Thursday I tried {v} for a trim and booked the next three appointments on the spot.",
            "c:haircut at {v} tomorrow, finally",
            "n:Changed salon from {old} to {v}.",
            "p:Sat in the chair at {v} for two hours gossiping while they fixed my fringe.",
            "c:{v} squeezed me in for a cut last minute, legends",
            "n:Regular salon: {v} since {month}.",
            "p:My new hair colour is from {v} and everyone noticed.",
            "c:booked in at {v} again, they're my hair place",
            "p:After one too many bad trims at {old}, I've moved to {v}.",
        ],
        "other": [
            "c:{who} goes to {v} for haircuts now",
            "n:{who}'s hairdresser: {v}.",
            "p:{who} stopped going to {old} and switched to {v}.",
            "c:{who} swears by {v} for cuts",
            "p:Gave {who} the number for {v}, and that's where the haircuts happen these days.",
            "n:{who} gets their hair done at {v}.",
        ],
        "now": ["Where does the user get their hair cut now?", "Who is the user's hairdresser?",
                "Which salon does the user go to these days?", "Where does the user currently get haircuts?",
                "What's the user's salon?", "Which hairdresser does the user use?",
                "Where is the user booking haircuts at the moment?"],
        "before": ["Where did the user get their hair cut before?", "Which salon did the user use to go to?",
                   "Who was the user's previous hairdresser?"],
        "year": ["Where did the user get haircuts in {year}?", "Which salon was the user going to in {year}?",
                 "Who was the user's hairdresser in {year}?"],
        "other_q": ["Where does the user's {rel} get their hair cut now?", "Which salon does the user's {rel} use these days?",
                    "Who is the hairdresser of the user's {rel}?", "Where does the user's {rel} currently get haircuts?"],
    },
    "running_club": {
        "values": ["Midnight Runners", "Harbour Harriers", "Hill Dodgers", "Tortoise Club", "Stride Collective",
                   "Canal Striders", "Dawn Patrol RC", "Pacemakers", "Trail Foxes", "Run Dem Crew",
                   "Sunday Plodders", "Puddle Joggers", "Bridge Runners", "Lakeside Pacers", "Northside AC",
                   "Ridge Racers"],
        "user": [
            "c:joined a running club!! {v}, tuesdays and saturdays",
            "n:Running club: {v}",
            "n:Runs with {v}.",
            "c:left {old}, {v} has a better pace group for me",
            "p:Last Saturday I did my first long run with {v} and made three new friends.",
            "c:{v} intervals tonight, pray for my calves",
            "n:Switched running club from {old} to {v}.",
            "p:Ran ten k along the seafront with {v} this morning before the rain came in.",
            "c:got my {v} club vest 🏃",
            "n:Member of running club {v} since {month}.",
            "p:The post-run breakfast with {v} is honestly the best part of my weekend.",
            "c:signed up for {v}, first group run sunday",
            "p:Having outgrown {old}, I've started training with {v}.",
        ],
        "other": [
            "c:{who} joined {v}, wants me to come along on a run",
            "n:{who} runs with {v}.",
            "p:{who} left {old} and now trains with {v}.",
            "c:{who} did a half marathon with {v} lol",
            "p:Cheered on {who} and the rest of {v}, the running club, at the park.",
            "n:{who} is a member of the {v} running club.",
        ],
        "now": ["Which running club is the user in now?", "What running club does the user belong to?",
                "Who does the user run with these days?", "Which running group does the user currently train with?",
                "What's the user's running club?", "Which club does the user go running with?",
                "What running crew is the user part of at the moment?"],
        "before": ["Which running club was the user in before?", "What running club did the user use to run with?",
                   "What was the user's previous running club?"],
        "year": ["Which running club was the user in during {year}?", "Who did the user run with in {year}?",
                 "What running club did the user belong to in {year}?"],
        "other_q": ["Which running club is the user's {rel} in now?", "Who does the user's {rel} run with these days?",
                    "What running club does the user's {rel} belong to?",
                    "Which running group is the user's {rel} currently part of?"],
    },
}

BREEDS = ["beagle", "whippet", "spaniel", "collie", "dachshund", "labrador", "terrier mix", "greyhound",
          "shiba inu", "corgi"]

PEOPLE = [("flatmate", "Wren"), ("uncle", "Gustavo"), ("godmother", "Imogen"), ("niece", "Talia")]

# How the other person is named, by template style and by where {who} stands ("start": the
# sentence opens with "{who} "; "mid": anywhere else, including "{who}'s").
WHO = {
    "c": {"start": ["my {rel}", "my {rel} {name}", "{name} (my {rel})"],
          "mid": ["my {rel}", "my {rel} {name}", "{name_l}"]},
    "n": {"start": ["User's {rel} {name}", "{name} (user's {rel})", "The user's {rel}"],
          "mid": ["the user's {rel} {name}", "the user's {rel}", "{name}"]},
    "p": {"start": ["My {rel} {name}", "{name}, my {rel},", "My {rel}"],
          "mid": ["my {rel} {name}", "my {rel}", "{name}"]},
}

FILLER_CHAT = [
    "can't find my keys again",
    "the gym was rammed tonight, gave up after ten minutes",
    "need a haircut so badly",
    "phone battery dead by noon, classic",
    "dog ate half a sock, vet says it'll pass",
    "made soup, it's fine, nothing special",
    "traffic on the ring road was unreal",
    "who schedules meetings at 8am",
    "the landlord finally fixed the boiler",
    "watching the match later, snacks ready",
    "my legs hate me after that run",
    "class got cancelled tonight, teacher is sick",
    "work was a lot today",
    "forgot my umbrella, obviously it poured",
    "trying to read more, failing",
    "the neighbours are drilling again",
    "new podcast recommendations anyone?",
    "car's making a weird rattling noise again",
    "burnt the toast and set off the smoke alarm",
    "so tired i could sleep on the bus",
    "lunch was a sad desk salad",
    "the cat next door keeps visiting our garden",
    "might repaint the hallway this weekend",
    "broke a glass doing the dishes",
    "someone at the office brought cake, best day",
    "i think i'm getting a cold",
]

FILLER_NOTE = [
    "Asked for a reminder to pay the electricity bill on Friday.",
    "Prefers short answers in the morning.",
    "Mentioned feeling stressed about a deadline.",
    "Wants to plan a birthday dinner for a friend next month.",
    "Asked for a packing list for a weekend trip.",
    "Is trying to cut down on caffeine.",
    "Requested a recipe using leftover rice.",
    "Has a dentist appointment on Thursday afternoon.",
    "Asked how to unclog a drain.",
    "Wants weekly reminders to water the plants.",
    "Mentioned the car is due for its annual inspection.",
    "Looking around for a different hairdresser, no decision yet.",
    "Asked for stretches to do after running.",
    "Is thinking about changing jobs, nothing concrete.",
    "Wants help writing a complaint email to the landlord.",
    "Prefers metric units.",
    "Asked for a summary of the news about the rail strike.",
    "Is saving for a holiday in the spring.",
    "Asked for ideas for a rainy Sunday.",
    "Mentioned the dog has been off its food.",
]

FILLER_JOURNAL = [
    "Long day, mostly spreadsheets and cold coffee.",
    "Went for a walk after dinner; the sky was pink for ages.",
    "Cleaned out the fridge and found things I'd rather forget.",
    "Spent the evening building flat-pack furniture and only had two screws left over.",
    "The phone kept buzzing during the meeting, so embarrassing.",
    "Finished a book I started in the summer.",
    "Called grandma for an hour; she's doing well.",
    "Tried meditating for ten minutes and thought about lunch the whole time.",
    "Training was tough today but I felt strong.",
    "Lazy Sunday: pancakes, crossword, nap.",
    "The team lost again and the group chat is in mourning.",
    "Went to the farmers' market and bought far too many tomatoes.",
    "Rearranged the living room; it feels bigger.",
    "Got caught in a hailstorm on the way home.",
    "Had a great chat with an old school friend.",
    "The course materials for next term arrived in a huge box.",
    "Stayed up too late watching a documentary about octopuses.",
    "Fixed the squeaky door hinge with a bit of oil.",
    "Wondering whether to move somewhere with more green space one day.",
    "Dinner with the neighbours turned into a three-hour board game session.",
]

CHAT_PREFIX = ["", "", "", "honestly ", "omg ", "so ", "btw ", "quick one: ", "hmm "]
CHAT_SUFFIX = ["", "", "", " 🙄", " haha", "...", " ngl", " 🥲", " smh", " rip"]
NOTE_SUFFIX = ["", "", "", " (low priority)", " Revisit next week.", " Noted during evening chat.",
               " No follow-up needed.", " Mentioned in passing."]
JOURNAL_SUFFIX = ["", "", " Bed soon.", " Onwards.", " Could be worse.", " Small wins."]


# --- generating ----------------------------------------------------------------------

def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return (lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))).replace(second=0)


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in 2024, then `changes` new values in 2025, in date order."""
    first = _between(rng, START, FIRST_YEAR_END)
    later = sorted(_between(rng, SECOND_YEAR, NOW - timedelta(days=1)) for _ in range(changes))
    return list(zip(values[:changes + 1], [first, *later]))


_A_BEFORE = ("OnePlus",)                 # vowel letter, consonant sound
_AN_BEFORE = ("Honor", "Xperia", "F45")  # consonant letter, vowel sound


def _article(word: str) -> str:
    if word.startswith(_A_BEFORE):
        return "a"
    if word.startswith(_AN_BEFORE) or word[:1].lower() in "aeiou":
        return "an"
    return "a"


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


def _casual(rng: random.Random, text: str) -> str:
    """A chat line as typed: mostly as written, sometimes all lower case, sometimes capitalized."""
    roll = rng.random()
    if roll < 0.3:
        return text.lower()
    if roll < 0.5:
        return _cap(text)
    return text


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind4-ku/{seed}/{user}")
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
                text = _fill(body, value, chain[index - 1][0] if index else "", when, rng.choice(BREEDS), who=who)
                text = _casual(rng, text) if style == "c" else _cap(text)
                add(text, when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    attempts = 0
    every = FILLER_CHAT + FILLER_NOTE + FILLER_JOURNAL
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        roll = rng.random()
        if roll < 0.2:  # two remarks saved as one memory
            a, b = rng.sample(every, 2)
            text = f"{_cap(a).rstrip('.')}. {_cap(b).rstrip('.')}."
        elif roll < 0.5:
            text = rng.choice(FILLER_CHAT)
            text = _casual(rng, rng.choice(CHAT_PREFIX) + text + rng.choice(CHAT_SUFFIX))
        elif roll < 0.75:
            text = rng.choice(FILLER_NOTE) + rng.choice(NOTE_SUFFIX)
        else:
            text = rng.choice(FILLER_JOURNAL) + rng.choice(JOURNAL_SUFFIX)
        if _key(text) not in seen:
            add(text, _between(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind4", "user": user, "seed": seed, "now": ku._iso(NOW), "memories": memories,
            "questions": questions}


def _mentions(text: str, value: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text.lower()) is not None


def self_check() -> None:
    """The data's own consistency: values unique across slots, no value in filler, templates or
    questions, question kinds as meant, every template styled and using its placeholders, the other
    people's names and relations absent from the user's own statements and the filler."""
    owner: dict[str, str] = {}
    for slot, spec in SLOTS.items():
        assert len(spec["values"]) == 16 and len(set(spec["values"])) == 16, slot
        for v in spec["values"]:
            assert v.lower() not in owner, (v, slot, owner.get(v.lower()))
            owner[v.lower()] = slot
        assert len(spec["user"]) >= 12 and len(spec["other"]) >= 6 and len(spec["now"]) >= 6, slot
        assert len(set(spec["user"])) == len(spec["user"]) and len(set(spec["other"])) == len(spec["other"])
        for t in spec["user"] + spec["other"]:
            assert t[:2] in ("c:", "n:", "p:") and "{v}" in t, t
            assert "{breed}" not in t or slot == "dog", t
        for t in spec["user"]:
            assert "{who}" not in t, t
        for t in spec["other"]:
            assert "{who}" in t, t
        assert sum("{old}" not in t for t in spec["user"]) >= 6, slot
        assert sum("{old}" not in t for t in spec["other"]) >= 3, slot
        assert {t[0] for t in spec["user"]} == {"c", "n", "p"}, slot
        for q in spec["now"]:
            assert ku._kind(q) in ("now", "currently", "these days", "plain"), q
        assert any(ku._kind(q) == "plain" for q in spec["now"]) and any(ku._kind(q) != "plain" for q in spec["now"])
        for q in spec["before"]:
            assert ku._kind(q) in ("before", "used to"), q
        for q in spec["year"]:
            assert ku._kind(q.format(year=2024)) == "in 2024", q
        for q in spec["other_q"]:
            assert "{rel}" in q and ku._kind(q.format(rel="uncle")) in ("now", "currently", "these days", "plain"), q
    for a in owner:  # no value is a whole word inside another slot's value
        for b in owner:
            assert a == b or owner[a] == owner[b] or not _mentions(b, a), (a, b)
    people = {n.lower() for _, n in PEOPLE} | {r.lower() for r, _ in PEOPLE}
    assert not people & set(owner), people & set(owner)
    assert not {b.lower() for b in BREEDS} & set(owner)
    filler = FILLER_CHAT + FILLER_NOTE + FILLER_JOURNAL
    extras = CHAT_PREFIX + CHAT_SUFFIX + NOTE_SUFFIX + JOURNAL_SUFFIX + BREEDS
    templates = [t for spec in SLOTS.values() for key in ("user", "other", "now", "before", "year", "other_q")
                 for t in spec[key]]
    for line in filler + extras + templates:
        for v in owner:
            assert not _mentions(line, v), (v, line)
    own = filler + extras + [t for spec in SLOTS.values() for key in ("user", "now", "before", "year")
                             for t in spec[key]]
    for line in own:
        for word in people:
            assert not _mentions(line, word), (word, line)
    assert len(filler) >= 60 and len({_key(t) for t in filler}) == len(filler)
    for user in range(2):  # deterministic, and the memories' dates in range
        data = generate(200, user)
        assert data == generate(200, user)
        assert all(ku._iso(START) <= m["created"] < ku._iso(NOW) for m in data["memories"])
        for m in data["memories"]:
            if "fact" in m:  # 2024 for the first value, 2025 for each change
                assert m["created"].startswith("2024" if m["fact"]["index"] == 0 else "2025"), m
            else:
                assert not any(_mentions(m["content"], v) for v in owner), m
