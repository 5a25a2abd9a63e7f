"""Knowledge-update set blind17: notes the agent wrote itself.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.171 / 0.357.
Read: its misses were looked at, and it is training data of the learned slot reading
(bench/slot_model.py) since then.

    python3 bench/knowledge_updates.py --split blind17 --mode library

The author's own description:

Knowledge-update benchmark set "blind17".

Style: memories written by the AGENT itself about its user - third-person notes,
"key: value" lines, "Update:" / "Correction:" / "FYI" notes, bullet fragments,
verbatim quotes of the user inside a note, timestamps and session ids, mixed with
logs of tasks the agent did (filler). Python 3.11 standard library only.
"""
import random
import re
import string
from datetime import datetime, timedelta, timezone

SPLIT = "blind17"
NOW = "2025-10-01T09:00:00+00:00"

_START = datetime(2024, 9, 1, tzinfo=timezone.utc)
_END = datetime(2025, 9, 30, 23, 0, 0, tzinfo=timezone.utc)


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------- value pools
CITIES = ["Leeds", "Bristol", "Glasgow", "Manchester", "Edinburgh", "Cardiff", "Lisbon", "Berlin",
          "Amsterdam", "Dublin", "Toronto", "Austin", "Denver", "Seattle", "Melbourne", "Copenhagen",
          "Barcelona", "Porto", "Vienna", "Prague", "Montreal", "Brighton", "Sheffield", "Nottingham",
          "Oslo", "Rotterdam", "Lyon", "Munich", "Chicago", "Portland", "Vancouver", "Auckland",
          "Boston", "Stockholm", "Helsinki", "Valencia", "Belfast", "York", "Utrecht", "Hamburg"]
EMPLOYERS = ["Stripe", "Monzo", "Shopify", "Atlassian", "Deliveroo", "Spotify", "Canva", "Ocado",
             "Wise", "Revolut", "Datadog", "GitLab", "Cloudflare", "Figma", "Notion", "Zendesk",
             "HubSpot", "Airbnb", "Booking.com", "Zalando", "Siemens", "Unilever", "Deloitte",
             "Accenture", "Octopus Energy", "Skyscanner", "Just Eat", "Sainsbury's", "Lidl",
             "Arm", "Rolls-Royce", "Dyson", "Starling Bank", "Ubisoft", "Palantir", "Elastic"]
ROLES = ["senior backend engineer", "staff engineer", "engineering manager", "product manager",
         "data scientist", "QA lead", "UX researcher", "site reliability engineer", "tech lead",
         "solutions architect", "ML engineer", "frontend developer", "head of platform",
         "principal engineer", "data engineer", "developer advocate", "security engineer",
         "mobile developer", "analytics lead", "product designer", "platform engineer",
         "director of engineering", "infrastructure engineer", "technical writer"]
PHONES = ["iPhone 15", "iPhone 16 Pro", "iPhone 13 mini", "Pixel 8", "Pixel 9 Pro", "Pixel 7a",
          "Galaxy S24", "Galaxy S23 Ultra", "Galaxy Z Flip 5", "Nothing Phone (2)", "OnePlus 12",
          "Fairphone 5", "Xperia 1 V", "Moto Edge 40", "iPhone 14 Plus", "Galaxy A54", "Pixel 8a",
          "OnePlus Nord 3", "iPhone SE", "Galaxy S25", "Pixel 9a", "iPhone 16e"]
LAPTOPS = ["MacBook Air M2", "MacBook Pro 14 M3", "MacBook Pro 16", "ThinkPad X1 Carbon",
           "ThinkPad T14s", "Dell XPS 13", "Dell XPS 15", "Framework 13", "Surface Laptop 5",
           "HP Spectre x360", "Asus Zenbook 14", "Razer Blade 14", "LG Gram 16", "MacBook Air M3",
           "Lenovo Yoga Slim 7", "Acer Aspire 7", "System76 Lemur Pro", "ThinkPad P1",
           "Framework 16", "MacBook Pro 14 M4"]
CARS = ["Honda Civic", "Toyota Corolla", "VW Golf", "Tesla Model 3", "Kia Niro EV", "Mazda CX-5",
        "Ford Fiesta", "Skoda Octavia", "Nissan Leaf", "Volvo XC40", "MINI Cooper",
        "Hyundai Ioniq 5", "BMW 3 Series", "Renault Zoe", "Subaru Outback", "Fiat 500",
        "Polestar 2", "Toyota RAV4", "Audi A3", "Peugeot 208", "Kia Sportage", "Mazda MX-5",
        "Dacia Duster", "Ford Puma"]
GYMS = ["PureGym", "The Gym Group", "Third Space", "Gymbox", "Virgin Active", "Anytime Fitness",
        "F45", "Barry's", "David Lloyd", "Equinox", "Nuffield Health", "CrossFit Foundry",
        "1Rebel", "Fitness First", "BXR", "Psycle", "Orangetheory", "Snap Fitness", "Better Leisure",
        "Bloc Climbing", "JD Gyms", "Everlast Gyms"]
COFFEE = ["Monmouth", "Ozone", "Kaffeine", "Workshop Coffee", "Colonna & Small's", "Blue Bottle",
          "Stumptown", "Pret", "Caffe Nero", "Costa", "Black Sheep Coffee", "Watch House",
          "Federation Coffee", "Two Day Coffee", "North Star", "Fernandez & Wells", "Tandem",
          "Department of Coffee", "Story Coffee", "Bean & Leaf", "Brew Lab", "Grindsmith"]
LANGS = ["Python", "Golang", "Rust", "TypeScript", "Kotlin", "Java", "Scala", "Elixir", "C#",
         "Ruby", "Swift", "C++", "Clojure", "PHP", "Haskell", "OCaml", "Dart", "F#"]
PET_NAMES = ["Biscuit", "Miso", "Pepper", "Luna", "Otis", "Mochi", "Bramble", "Juniper", "Waffles",
             "Pickle", "Nacho", "Hazel", "Ziggy", "Clementine", "Basil", "Tofu", "Pretzel", "Marlow",
             "Olive", "Rufus", "Saffron", "Dumpling", "Kiwi", "Ember", "Noodle", "Pip", "Crumpet",
             "Socks", "Sprout", "Maple"]
PET_SPECIES = ["tabby cat", "beagle", "greyhound", "rabbit", "border collie", "cockapoo",
               "dachshund", "Maine Coon", "whippet", "ginger cat", "labrador", "black cat",
               "staffie", "Bengal cat", "spaniel", "corgi"]
NAMES = ["Tom", "Alex", "Priya", "Jordan", "Maya", "Sam", "Leo", "Nadia", "Chris", "Hannah",
         "Ravi", "Elena", "Marcus", "Chloe", "Daniel", "Aisha", "Ben", "Freya", "Omar", "Grace",
         "Jamie", "Ines", "Kofi", "Lucy", "Mateo", "Zoe", "Callum", "Yara", "Ethan", "Sofia",
         "Noah", "Ava", "Tariq", "Isla", "Felix", "Mei", "Rory", "Amara", "Hugo", "Niamh",
         "Dev", "Lena", "Oscar", "Ruth", "Arjun", "Bea", "Kit", "Esme", "Jonah", "Anya",
         "Finn", "Leila", "Max", "Orla", "Idris", "Tess", "Will", "Rosa", "Kai", "Nell",
         "Theo", "Clara", "Joel", "Mira", "Ewan", "Dina", "Seb", "Iris", "Luca", "Fern"]

FEMALE = {"Priya", "Maya", "Nadia", "Hannah", "Elena", "Chloe", "Aisha", "Freya", "Grace", "Ines",
          "Lucy", "Zoe", "Yara", "Sofia", "Ava", "Isla", "Mei", "Amara", "Niamh", "Lena", "Ruth", "Bea",
          "Esme", "Anya", "Leila", "Orla", "Tess", "Rosa", "Nell", "Clara", "Mira", "Dina", "Iris", "Fern"}
NEUTRAL = {"Alex", "Jordan", "Sam", "Jamie", "Rory", "Kit", "Kai"}
MALE = set(NAMES) - FEMALE - NEUTRAL

POOLS = {"home": CITIES, "employer": EMPLOYERS, "role": ROLES, "phone": PHONES,
         "laptop": LAPTOPS, "car": CARS, "partner": NAMES, "pet": PET_NAMES, "gym": GYMS,
         "coffee": COFFEE, "lang": LANGS}


def _art(v):
    if v.startswith(("UX", "URL", "One")):
        return "a " + v
    if v[0].lower() in "aeio" or v.startswith(("ML", "MBA", "HP", "LG", "X", "F4", "F#", "S2")):
        return "an " + v
    return "a " + v


def _sid(rng):
    return "".join(rng.choice("0123456789abcdef") for _ in range(6))


# ---------------------------------------------------------------- user slots
# Placeholders: {v} new value, {o} old value, {av}/{ao} with article, {d} day, {ts} timestamp,
# {sid} session id, {sp}/{osp} pet species.  A leading "^" means: no style prefix.
USER_SLOTS = {
    "home": dict(
        maxlen=4,
        first=[
            "User mentioned they live in {v}.",
            "^home_city: {v} (confirmed {d})",
            "User is based in {v}. Use that for weather, local events and time zone questions.",
            "Found the user an emergency plumber near home in {v}; they booked the 8am slot.",
            "User, verbatim: \"rent in {v} is getting silly but I'd never leave.\"",
            "User asked for weekend hikes within an hour of {v}, which is where they live.",
            "Set the default location for local searches to {v} - it's the user's home city.",
            "^- lives in {v}\n- walks to work most days",
            "User moaned about the buses in {v} again. They've lived there about three years.",
            "Context for future chats: the user's home base is {v}.",
            "Booked the user a dental check-up at a practice round the corner from their flat in {v}.",
        ],
        change=[
            "Update: the user has moved from {o} to {v}.",
            "^home_city: {v} (was {o}; changed {d})",
            "User got the keys to a flat in {v} this week. The {o} chapter is officially over.",
            "Correction: stored home city ({o}) is stale. User relocated to {v}.",
            "User's last night in {o} was Sunday; the van unloaded everything at the new place in {v} on Monday.",
            "Sorted out council tax and broadband for the user's new flat in {v}.",
            "User said: \"still can't believe I actually live in {v}.\"",
            "Changed the default weather location from {o} to {v}, since that's home for the user now.",
            "Made the user a packing checklist earlier in the session. Later they confirmed the move went fine and they're settled in {v}.",
            "User is done with {o}. Signed a lease in {v} and moved in over the weekend.",
            "FYI for local recommendations: user lives in {v} these days, not {o}.",
            "Looked up how to register with a GP in {v} for the user - they need to do it after the move.",
            "Session {sid}: user says the new commute in {v} is a ten-minute cycle, a big improvement.",
        ],
        pre=[
            "User gave notice on the flat in {o}. No destination decided yet.",
            "User is thinking seriously about leaving {o} once the lease is up.",
            "Helped user list pros and cons of staying in {o}; they're leaning towards moving away.",
        ],
        now_q=["Where does the user live now?", "Which city is the user based in?",
               "What city does the user currently live in?", "Where is the user living these days?",
               "Which city is home for the user right now?", "What is the user's home city?"],
        before_q=["Where did the user live before their latest move?",
                  "Which city was the user's previous home?", "Where did the user use to live?",
                  "What city did the user live in before moving?"],
        y24_q=["Which city did the user live in during 2024?", "Where was the user based in 2024?",
               "In 2024, what city was home for the user?"],
    ),
    "employer": dict(
        maxlen=4,
        first=[
            "User works at {v}.",
            "^employer: {v}",
            "User has been at {v} for a couple of years and mostly enjoys it.",
            "Drafted an out-of-office reply for the user's {v} work inbox.",
            "User said: \"honestly the best thing about working at {v} is the people.\"",
            "User's employer is {v}. When they say 'the office' they mean the {v} office.",
            "Helped the user prep slides for the {v} all-hands they're presenting at.",
            "Context: user is employed by {v}. Payday is the last Friday of the month.",
            "User vented about a reorg at {v}, where they work. Suggested writing questions down for the next 1:1.",
            "Summarised the parental leave section of the {v} staff handbook for the user (their employer).",
            "Employer on record: {v} (user told me on {d}).",
        ],
        change=[
            "Update: user left {o} and joined {v}.",
            "^employer: {v} (previously {o})",
            "User's last day at {o} was Friday. They start at {v} on Monday.",
            "User accepted the offer from {v}! Notice period at {o} is finished.",
            "Correction: user no longer works at {o}. Current employer is {v}.",
            "Helped the user fill in the onboarding paperwork for {v}; first week is going well.",
            "User said: \"first payslip from {v} landed, it feels real now.\"",
            "User wanted advice on making a good impression in their first month at {v}.",
            "Updated the user's email signature - company line changed from {o} to {v}.",
            "^Job change: {o} -> {v}. User sounded relieved.",
            "Spent the session on a budget spreadsheet. In passing the user said the salary at {v} beats what {o} paid, which is why the savings target went up.",
            "User sent me their new {v} staff badge photo as a joke. Nice to see them happy at work again.",
        ],
        pre=[
            "User handed in their notice at {o}. Didn't say where they're going next.",
            "User is quietly interviewing elsewhere - fed up at {o}.",
            "Helped the user write a goodbye message for their colleagues at {o}.",
        ],
        now_q=["Where does the user work now?", "Which company employs the user?",
               "Who is the user's current employer?", "What company is the user working for these days?",
               "Where is the user employed at the moment?", "Which company does the user work for?"],
        before_q=["Where did the user work before the latest job change?",
                  "What was the user's previous employer?", "Which company did the user use to work for?",
                  "Who employed the user before they switched jobs?"],
        y24_q=["Which company was the user working at in 2024?", "Who was the user's employer in 2024?",
               "In 2024, where did the user work?"],
    ),
    "role": dict(
        maxlen=3,
        first=[
            "User's job title is {v}.",
            "^job_title: {v}",
            "User works as {av}.",
            "User mentioned they're {av}; pitch technical explanations at that level.",
            "Rewrote the user's LinkedIn headline around their role as {av}.",
            "^Role: {v}. User says the job is mostly meetings this quarter.",
            "Helped the user write their self-review for the performance cycle - they're {av}.",
            "User said: \"being {av} means I get dragged into every incident.\"",
            "User's CV lists them as {v}; tidied up the formatting for them.",
            "User has been {av} for about a year and likes the scope.",
        ],
        change=[
            "Update: user got promoted from {o} to {v}.",
            "^job_title: {v} (was {o})",
            "User is moving off the {o} track into {av} role, effective this month.",
            "Correction: title is no longer {o} - the user is {av} now.",
            "Changed the headline on the user's CV to their new title, {v}.",
            "User asked how to handle the first 90 days as a newly appointed {v}.",
            "User said: \"new title is {v}, same desk, more meetings.\"",
            "Drafted a LinkedIn post for the user announcing that they've stepped into the {v} position.",
            "User signed the paperwork confirming the move to {v}. The old {o} job description no longer applies.",
            "In the 1:1 prep notes I wrote for the user: new responsibilities as {av} include hiring and the roadmap.",
            "User stopped doing {o} work on {d}; they're {av} since then.",
        ],
        pre=[
            "User is in the middle of an internal promotion process; outcome pending.",
            "User applied for an internal transfer. Still doing the {o} job for now.",
        ],
        now_q=["What is the user's job title now?", "What's the user's current role?",
               "What does the user do for a living these days?", "What is the user's position at work?",
               "What title does the user hold at work right now?"],
        before_q=["What was the user's previous job title?", "What role did the user have before the latest change?",
                  "What title did the user use to have?"],
        y24_q=["What was the user's job title in 2024?", "What role did the user have in 2024?",
               "In 2024, what was the user's position at work?"],
    ),
    "phone": dict(
        maxlen=4,
        first=[
            "User's phone is {av}.",
            "^phone: {v}",
            "Walked the user through clearing storage on their {v}.",
            "User uses {av}; give settings instructions for that model.",
            "User said: \"my {v} battery is still fine after a year.\"",
            "^Daily phone: {v}. Has a cracked screen protector.",
            "Helped the user set up two-factor auth on their {v}.",
            "User has the {v} and wants to keep it at least another year.",
            "Screenshots the user sends come from {av}, per their note on {d}.",
            "Recommended a slim case for the user's {v}.",
        ],
        change=[
            "Update: user replaced their {o} with {av}.",
            "^phone: {v} (upgraded from {o})",
            "User swapped the {o} for {av}.",
            "The {o} finally died. User picked up {av} the same afternoon.",
            "Correction: phone on file ({o}) is outdated. User now uses {av}.",
            "Walked the user through moving their chat history onto the new {v}.",
            "User said: \"the camera on the {v} is ridiculous, should have upgraded ages ago.\"",
            "User traded in the {o} at the shop and walked out with {av}.",
            "Helped the user get their banking apps working on the new {v}.",
            "^New phone: {v}. The old {o} is going to the user's nephew.",
            "Spent most of the chat on a dinner recipe. Side note from the user: they're on {av} since last week, so the recipe app needed reinstalling.",
            "User mentioned the {v} arrived this morning and everything is already transferred off the old handset.",
        ],
        pre=[
            "User's {o} is on its last legs - battery dead by lunch. Shopping around, nothing picked yet.",
            "User dropped the {o} in a puddle. It still works, barely.",
        ],
        now_q=["What phone does the user have now?", "Which phone is the user currently using?",
               "What smartphone does the user carry these days?", "What phone does the user use?",
               "Which handset is the user on at the moment?"],
        before_q=["What phone did the user have before their latest one?",
                  "Which phone was the user's previous handset?", "What phone did the user use to have?"],
        y24_q=["Which phone did the user have in 2024?", "What phone was the user using in 2024?",
               "In 2024, what smartphone did the user carry?"],
    ),
    "laptop": dict(
        maxlen=3,
        first=[
            "User's laptop is {av}.",
            "^laptop: {v}",
            "User works on {av}; keyboard shortcuts should assume that machine.",
            "Helped the user free up disk space on their {v}.",
            "User said: \"the fan on my {v} sounds like a jet engine during builds.\"",
            "Walked the user through a clean OS reinstall on their {v}.",
            "User does all their side projects on {av}.",
            "^Hardware notes: laptop = {v}, external monitor at home.",
            "User asked if their {v} can drive two external screens. Looked it up: yes, with a dock.",
            "Laptop on file: {v} (mentioned {d}).",
        ],
        change=[
            "Update: user retired the {o} and now works on {av}.",
            "^laptop: {v} (replaced {o})",
            "User finally upgraded from the {o} to {av}.",
            "Correction: laptop is {av} now; the {o} was sold.",
            "Helped the user migrate dotfiles and SSH keys onto the new {v}.",
            "User said: \"the {v} is silent even under load, I'm never going back.\"",
            "The {o} hinge snapped, so the user bought {av}.",
            "Set up the user's dev environment from scratch on their new {v}.",
            "User unboxed {av} today and asked which settings to change first.",
            "Debugged a printing issue for the user; turned out to be a driver missing on the {v} they switched to last month.",
            "User sold the {o} online and is using {av} instead.",
        ],
        pre=[
            "User's {o} keeps overheating; they're researching replacements.",
            "User is fed up with the {o} battery. Said they'd replace it soon.",
        ],
        now_q=["What laptop does the user have now?", "Which laptop is the user currently working on?",
               "What computer does the user use these days?", "What laptop does the user use?"],
        before_q=["What laptop did the user have before the latest one?",
                  "Which laptop did the user use to work on?", "What was the user's previous laptop?"],
        y24_q=["What laptop did the user use in 2024?", "Which laptop did the user have in 2024?",
               "In 2024, what computer was the user working on?"],
    ),
}

USER_SLOTS.update({
    "car": dict(
        maxlen=3,
        first=[
            "User drives {av}.",
            "^car: {v}",
            "Reminded the user that the {v} is due for its service next month.",
            "User's car is {av}; it's their only car.",
            "User said: \"the {v} has never let me down, touch wood.\"",
            "Found the user cheaper insurance quotes for their {v}.",
            "^Vehicle: {v}. Parks on the street, permit renews in spring.",
            "Planned a road trip route for the user; range and fuel stops based on their {v}.",
            "User asked how to reset the tyre pressure warning on their {v}.",
            "User has owned {av} for three years.",
        ],
        change=[
            "Update: user sold the {o} and bought {av}.",
            "^car: {v} (was {o})",
            "User part-exchanged the {o} for {av}.",
            "Correction: the {o} is gone. User drives {av} now.",
            "Found the user an insurance policy for their new {v}.",
            "User said: \"picked up the {v} today, it still smells new.\"",
            "The {o} failed its MOT badly, so the user replaced it with {av}.",
            "User asked how to pair their phone with the infotainment in the {v} they just bought.",
            "Helped the user plan the first long drive in the {v}; they're still getting used to it.",
            "Recalculated the user's monthly budget: the {o} loan is paid off, {v} finance starts this month.",
            "User is driving {av} since the weekend - the {o} went to a dealer.",
        ],
        pre=[
            "User is unhappy with the {o}; it keeps throwing warning lights. Browsing listings.",
            "User listed the {o} for sale online.",
        ],
        now_q=["What car does the user drive now?", "Which car does the user currently own?",
               "What is the user driving these days?", "What car does the user have?"],
        before_q=["What car did the user drive before the latest one?",
                  "What car did the user use to drive?", "Which car was the user's previous one?"],
        y24_q=["What car did the user drive in 2024?", "Which car did the user own in 2024?",
               "In 2024, what was the user driving?"],
    ),
    "partner": dict(
        maxlen=3,
        first=[
            "User's partner is {v}.",
            "^partner: {v}",
            "User and {v} have been together about two years.",
            "Helped the user plan an anniversary dinner for {v}, their partner.",
            "User, about their partner {v}: \"they always get to pick the film.\"",
            "User lives with their partner {v}; keep shared-calendar events in mind.",
            "Booked a table for two on Saturday - the user and their partner {v}.",
            "Set a birthday reminder for {v}, the user's other half.",
            "User is in a long-term relationship with {v}; they met at a climbing wall.",
            "^Partner: {v}. Comes up a lot when the user plans weekends.",
        ],
        change=[
            "Update: the user and {o} broke up. User is seeing {v} now.",
            "^partner: {v} (previously {o})",
            "User split from {o} a while back and has been dating {v} for a few weeks.",
            "Correction: {o} is no longer the user's partner. Current partner is {v}.",
            "Helped the user plan a first weekend away with {v}, their new partner.",
            "User said: \"{v} and I made it official this weekend.\"",
            "Things ended with {o}. User sounded okay about it. Later they brought up {v}, who they've started seeing.",
            "User wanted gift ideas for {v}, the person they recently started dating.",
            "At the user's request, swapped {o} out of the emergency-contact note and put {v} in as partner.",
            "User is in a relationship with {v}. {o} is an ex - don't bring them up.",
            "Sorted the user's weekend plans: dinner on Friday with {v}, who the user calls their partner.",
        ],
        pre=[
            "User mentioned that things with {o} are over. They didn't want to talk about it much.",
            "User and {o} are going through a rough patch; user wanted to talk it through.",
        ],
        now_q=["Who is the user's partner now?", "Who is the user currently dating?",
               "Who is the user seeing these days?", "What is the name of the user's partner?"],
        before_q=["Who was the user's previous partner?", "Who did the user use to date?",
                  "Who was the user with before the latest relationship?"],
        y24_q=["Who was the user's partner in 2024?", "Who was the user dating in 2024?",
               "In 2024, who was the user in a relationship with?"],
    ),
    "pet": dict(
        maxlen=3,
        first=[
            "User has {asp} called {v}.",
            "^pet: {v} ({sp})",
            "User's {sp}, {v}, has a vet appointment next week.",
            "Helped the user compare pet insurance for {v}, their {sp}.",
            "User said: \"{v} woke me up at 5am again.\" ({v} is their {sp}.)",
            "Found a recipe for homemade treats the user's {sp} {v} might like.",
            "^Pet on file: {v}, {asp}. Lives with the user.",
            "User needs a sitter for {v} (their {sp}) while they travel.",
            "The user's {sp} {v} chewed through a charging cable, apparently.",
            "Searched for pet-friendly cafes the user can take {v} to.",
        ],
        change=[
            "Update: user adopted {asp} named {v}. {o} went to live with the user's parents.",
            "^pet: {v} ({sp}); {o} rehomed",
            "User was heartbroken when {o} died. A few weeks on, they've brought home a rescue {sp} called {v}.",
            "Correction: the user's pet is {v}, {asp}. {o} is no longer with them.",
            "User asked for tips on settling a newly adopted {sp} into the flat. Its name is {v}.",
            "User said: \"{v} has claimed the sofa already.\" (the {sp} they adopted last week)",
            "Helped the user register {v}, their newly adopted {sp}, with a local vet.",
            "After {o} went to live on a family friend's farm, the user adopted {v}, {asp}.",
            "New member of the user's household: {v} the {sp}.",
            "Session {sid}: user sent a photo of {v}, the {sp} they adopted after losing {o}.",
        ],
        pre=[
            "{o}, the user's {osp}, is very unwell. User is preparing for the worst.",
            "User is considering rehoming {o} because of their new work hours.",
        ],
        now_q=["What is the name of the user's pet now?", "What's the user's pet called?",
               "What pet does the user currently have?", "Which animal lives with the user these days?"],
        before_q=["What was the name of the user's previous pet?", "Which pet did the user use to have?",
                  "What pet did the user have before the latest one?"],
        y24_q=["What was the user's pet called in 2024?", "Which pet did the user have in 2024?",
               "In 2024, what was the name of the user's pet?"],
    ),
    "gym": dict(
        maxlen=4,
        first=[
            "User trains at {v}.",
            "^gym: {v}",
            "User goes to {v} three mornings a week.",
            "Built the user a push/pull/legs plan to run at {v}.",
            "User said: \"{v} was rammed tonight, waited ages for the squat rack.\"",
            "User's gym membership is with {v}; it renews every January.",
            "^Gym: {v}. Prefers early classes.",
            "Checked whether {v} has a sauna - it's where the user works out. It does.",
            "Logged the user's deadlift PR from their session at {v}.",
            "User is a member at {v} and goes most lunchtimes.",
        ],
        change=[
            "Update: user cancelled {o} and joined {v}.",
            "^gym: {v} (left {o})",
            "User switched gyms, {o} to {v}. Says the new place has better kit.",
            "Correction: the user's gym is {v}, not {o}.",
            "Adapted the user's training plan to the equipment at {v}, where they've just signed up.",
            "User said: \"first week at {v} and I'm already sore.\"",
            "User froze and then cancelled the {o} membership. Training at {v} instead.",
            "Logged a bench PR from the user's session at {v}, their new gym.",
            "Helped the user cancel the {o} direct debit; they've moved over to {v}.",
            "The user's new {v} membership card arrived; they sent me a photo of it.",
        ],
        pre=[
            "User is annoyed that {o} raised prices again. Might leave.",
            "User says {o} is always too crowded after work; thinking of switching.",
        ],
        now_q=["Which gym does the user go to now?", "Where does the user currently work out?",
               "Which gym is the user a member of these days?", "What gym does the user train at?"],
        before_q=["Which gym did the user go to before the latest one?",
                  "Where did the user use to work out?", "What was the user's previous gym?"],
        y24_q=["Which gym did the user go to in 2024?", "Where did the user train in 2024?",
               "In 2024, which gym was the user a member of?"],
    ),
    "coffee": dict(
        maxlen=3,
        first=[
            "User's usual coffee spot is {v}.",
            "^coffee_shop: {v}",
            "User grabs a flat white from {v} most mornings.",
            "User said: \"the oat latte at {v} is the only reason I get out of bed.\"",
            "User likes to work from {v} on Fridays; good wifi there apparently.",
            "Suggested the user meet the recruiter at {v}, their regular cafe.",
            "^Regular cafe: {v} (loyalty card nearly full).",
            "User is a regular at {v}; the baristas know their order.",
            "User's morning routine: walk, then coffee at {v}.",
            "User mentioned {v} is their go-to coffee place.",
        ],
        change=[
            "Update: user stopped going to {o}. New regular spot is {v}.",
            "^coffee_shop: {v} (used to be {o})",
            "User has switched their morning coffee from {o} to {v}.",
            "Correction: the user's usual cafe is {v} now, not {o}.",
            "User said: \"{v} has ruined every other coffee for me.\"",
            "User gets their daily flat white at {v} since {o} changed the beans.",
            "User has started working from {v} on Fridays; they say it beats {o}.",
            "Suggested a meeting spot for the user's catch-up; they asked for {v}, their new regular haunt.",
            "User's loyalty card at {v} is already half full - they go there every morning now.",
            "{o} closed for refurbishment and the user found {v}; they've been going daily ever since.",
        ],
        pre=[
            "User complained that the coffee at {o} has gone downhill.",
            "User said the queue at {o} is getting unbearable.",
        ],
        now_q=["Which coffee shop does the user go to now?", "What is the user's usual coffee place?",
               "Where does the user currently get their coffee?", "Which cafe is the user a regular at these days?"],
        before_q=["Which coffee shop did the user use to go to?", "What was the user's previous regular cafe?",
                  "Where did the user get coffee before switching?"],
        y24_q=["Which coffee shop did the user go to in 2024?", "Where did the user get their coffee in 2024?",
               "In 2024, which cafe was the user's regular?"],
    ),
    "lang": dict(
        maxlen=3,
        first=[
            "User writes {v} at work.",
            "^work_language: {v}",
            "User's team codes mostly in {v}; give examples in {v}.",
            "Reviewed {av} pull request the user is working on for their job.",
            "User said: \"I spend all day in {v}, so please don't answer in anything else.\"",
            "Explained a concurrency bug in the user's work codebase ({v}).",
            "^Stack at work: {v} services, Postgres, Kubernetes.",
            "Helped the user write unit tests for {av} module at work.",
            "User's day job is {v} development; side projects vary.",
            "Primary work language: {v} (per session {sid}).",
        ],
        change=[
            "Update: user's team moved from {o} to {v}; answer work code questions in {v}.",
            "^work_language: {v} (was {o})",
            "User's new project is all {v}, so they've stopped writing {o} at work.",
            "Correction: user no longer uses {o} at work. It's {v} now.",
            "Walked the user through idiomatic error handling in {v}, which they write at work these days.",
            "User said: \"the rewrite from {o} to {v} is finally done, we're fully on {v}.\"",
            "Reviewed the user's first big {v} pull request since the team switched stacks.",
            "User asked for {av} cheat sheet - their team migrated off {o} this sprint.",
            "Set up {av} linter config for the user's work repo after the migration.",
            "User is learning {v} on the job; the whole department dropped {o}.",
        ],
        pre=[
            "User's team is debating a rewrite of the {o} services. Nothing decided.",
            "User said the {o} codebase at work is becoming painful to maintain.",
        ],
        now_q=["What programming language does the user use at work now?",
               "Which language does the user currently write at their job?",
               "What language is the user coding in at work these days?",
               "What's the user's main programming language at work?"],
        before_q=["Which language did the user use to write at work?",
                  "What was the user's previous work programming language?",
                  "What language did the user code in at work before the switch?"],
        y24_q=["What programming language did the user use at work in 2024?",
               "Which language did the user write at work in 2024?",
               "In 2024, what language did the user code in at their job?"],
    ),
})


# ---------------------------------------------------------------- other people
# subject key -> (display relation, allowed slots)
PEOPLE = {
    "sister": ("sister", ["home", "employer", "car", "partner", "pet", "phone", "gym"]),
    "brother": ("brother", ["home", "employer", "car", "partner", "pet", "phone", "gym"]),
    "friend": ("best friend", ["home", "employer", "car", "partner", "pet", "phone", "gym"]),
    "cofounder": ("co-founder", ["home", "car", "partner", "pet", "phone", "gym"]),
    "mentor": ("mentor", ["home", "employer", "car", "pet", "phone"]),
    "mum": ("mum", ["home", "car", "pet", "phone", "gym"]),
}
# people who only ever appear in filler (no questions); relations disjoint from PEOPLE
NQ_RELS = ["cousin", "neighbour", "old school friend", "landlord", "barber", "climbing buddy",
           "team-mate", "godparent", "old flatmate"]

PERSON_SLOTS = {
    "home": dict(
        first=["User's {rel} {nm} lives in {v}.",
               "{nm} (the user's {rel}) is based in {v}.",
               "User is going to visit their {rel} {nm} in {v} next month - {nm} lives there.",
               "^{rk}.home: {v} ({nm})",
               "User mentioned {nm}, their {rel}, has lived in {v} for years.",
               "Looked up train times for the user to {v}, where their {rel} {nm} lives."],
        change=["User's {rel} {nm} moved from {o} to {v}.",
                "Update: {nm} (the user's {rel}) relocated to {v}.",
                "User helped their {rel} {nm} pack up the place in {o}. {nm} lives in {v} now.",
                "User said: \"{nm} finally left {o} - my {rel} is {av} person now.\"",
                "^{rk}.home: {v} (was {o})",
                "User is heading to {v} this weekend to see their {rel} {nm}'s new flat."],
        now_q=["Where does the user's {rel} live now?", "Which city is the user's {rel} {nm} based in these days?",
               "What city does {nm}, the user's {rel}, currently live in?", "Where does the user's {rel} live?"],
    ),
    "employer": dict(
        first=["User's {rel} {nm} works at {v}.",
               "{nm}, the user's {rel}, is employed by {v}.",
               "^{rk}.employer: {v} ({nm})",
               "User asked me for interview tips on behalf of their {rel} {nm}, who's been at {v} for years and wants a promotion.",
               "User mentioned their {rel} {nm} has a job at {v}."],
        change=["User's {rel} {nm} just started at {v}, leaving {o}.",
                "Update: {nm} (user's {rel}) quit {o} and joined {v}.",
                "^{rk}.employer: {v} (was {o})",
                "User said: \"{nm} got the job at {v}! So proud of my {rel}.\"",
                "User's {rel} {nm} is working at {v} now; {o} is behind them."],
        now_q=["Where does the user's {rel} work now?", "Which company is {nm}, the user's {rel}, at currently?",
               "Who employs the user's {rel} these days?", "Where does the user's {rel} {nm} work?"],
    ),
    "car": dict(
        first=["User's {rel} {nm} drives {av}.",
               "^{rk}.car: {v} ({nm})",
               "{nm} (user's {rel}) gave the user a lift in their {v}.",
               "User's {rel} {nm} owns {av} and won't stop talking about it.",
               "User mentioned their {rel} {nm} has {av}."],
        change=["User's {rel} {nm} sold the {o} and got {av}.",
                "Update: {nm}, the user's {rel}, is driving {av} now instead of the {o}.",
                "^{rk}.car: {v} (was {o})",
                "User said: \"my {rel} finally ditched the {o}, {nm} has {av} now.\"",
                "User's {rel} {nm} picked up {av} this week; the {o} went to auction."],
        now_q=["What car does the user's {rel} drive now?", "Which car does {nm}, the user's {rel}, currently own?",
               "What is the user's {rel} driving these days?", "What car does the user's {rel} have?"],
    ),
    "partner": dict(
        first=["User's {rel} {nm} is going out with someone called {v}.",
               "^{rk}.partner: {v} ({nm})",
               "{nm} (the user's {rel}) and their partner {v} are coming for dinner on Saturday.",
               "User mentioned their {rel} {nm} has been with {v} for ages.",
               "User's {rel} {nm} lives with their partner {v}."],
        change=["User's {rel} {nm} broke up with {o} and is now seeing {v}.",
                "Update: {nm} (user's {rel}) has a new partner, {v}. {o} is history.",
                "^{rk}.partner: {v} (previously {o})",
                "User said: \"my {rel} {nm} is dating {v} now, way better than {o}.\"",
                "User's {rel} {nm} introduced everyone to {v}, the new partner, at the weekend."],
        now_q=["Who is the user's {rel} dating now?", "Who is {nm}'s partner these days?",
               "Who is the user's {rel} {nm} currently in a relationship with?", "Who is the user's {rel} going out with?"],
    ),
    "pet": dict(
        first=["User's {rel} {nm} has {asp} called {v}.",
               "^{rk}.pet: {v} ({sp}, {nm})",
               "User is pet-sitting {v}, their {rel} {nm}'s {sp}, this weekend.",
               "User's {rel} {nm} sent a video of {v}, their {sp}, doing something silly.",
               "User mentioned {nm} (their {rel}) owns {asp} named {v}."],
        change=["User's {rel} {nm} adopted {asp} called {v}; {o} went to a relative.",
                "Update: {nm} (user's {rel}) lost {o} and has a new {sp} named {v}.",
                "^{rk}.pet: {v} ({sp}, {nm}; replaced {o})",
                "User said: \"{nm} has {asp} now, {v}, and my {rel} is completely obsessed.\"",
                "User's {rel} {nm} rehomed {o} and took in {v}, {asp}."],
        now_q=["What's the name of the user's {rel}'s pet now?", "What pet does {nm}, the user's {rel}, currently have?",
               "What is the user's {rel}'s pet called these days?", "What's the name of {nm}'s pet?"],
    ),
    "phone": dict(
        first=["User's {rel} {nm} uses {av}.",
               "^{rk}.phone: {v} ({nm})",
               "Helped the user explain to their {rel} {nm} how to back up their {v}.",
               "User's {rel} {nm} has {av}; the user keeps fixing it for them.",
               "User mentioned their {rel} {nm} is on {av}."],
        change=["User's {rel} {nm} swapped the {o} for {av}.",
                "Update: {nm} (the user's {rel}) got {av}, replacing the {o}.",
                "^{rk}.phone: {v} (was {o})",
                "User said: \"my {rel} {nm} upgraded to {av}, finally retired the {o}.\"",
                "User helped their {rel} {nm} move everything onto a new {v}."],
        now_q=["What phone does the user's {rel} use now?", "Which phone does {nm}, the user's {rel}, currently have?",
               "What phone is the user's {rel} on these days?", "What phone does the user's {rel} {nm} have?"],
    ),
    "gym": dict(
        first=["User's {rel} {nm} trains at {v}.",
               "^{rk}.gym: {v} ({nm})",
               "User's {rel} {nm} keeps inviting the user to classes at {v}, their gym.",
               "User mentioned {nm} (their {rel}) is a member at {v}.",
               "{nm}, the user's {rel}, goes to {v} most evenings."],
        change=["User's {rel} {nm} left {o} and joined {v}.",
                "Update: {nm} (user's {rel}) trains at {v} now rather than {o}.",
                "^{rk}.gym: {v} (was {o})",
                "User said: \"{nm} switched to {v}, so my {rel} and I can't train together any more.\"",
                "User's {rel} {nm} cancelled the {o} membership and signed up at {v}."],
        now_q=["Which gym does the user's {rel} go to now?", "Where does {nm}, the user's {rel}, currently train?",
               "Which gym is the user's {rel} a member of these days?", "What gym does the user's {rel} {nm} use?"],
    ),
}


# ---------------------------------------------------------------- filler
FILL = {
    "task": ["draft a reply to the landlord about the boiler", "summarise a 40-page insurance policy",
             "turn a messy expenses CSV into a pivot table", "write a birthday poem for a colleague",
             "plan a three-day meal prep", "compare two broadband contracts", "proofread a cover letter",
             "translate a menu from Portuguese", "outline a talk on observability", "fix a broken Excel formula",
             "write a complaint to the energy supplier", "sort a reading list by length",
             "plan a route for a charity bike ride", "convert a recipe to metric", "draft meeting notes into actions",
             "pick a board game for six people", "write a polite no to a wedding invitation",
             "explain a parking fine appeal process", "structure a quarterly OKR doc", "debug a flaky unit test",
             "write a regex for UK postcodes", "tidy a bloated Spotify playlist", "budget for a stag weekend",
             "write alt text for conference slides", "plan a surprise picnic", "decode a payslip deduction",
             "shorten a LinkedIn summary", "rewrite a bug report so it's actionable", "draft a toast for a leaving do",
             "make a packing list for a festival", "plan a tapas night menu", "write a SQL query for churn",
             "choose paint colours for a hallway", "set up a shared grocery list", "explain an ISA vs a pension",
             "draft a cold email to a conference organiser", "schedule a week of runs", "write a haiku about Mondays",
             "summarise a podcast episode", "find a plumber's hourly rate benchmark", "plan a kid's party quiz",
             "clean up a git history before a PR", "rename 300 photos by date", "write an apology text",
             "estimate the cost of a kitchen repaint", "compare three tax software options",
             "draft a volunteer sign-up form", "split a restaurant bill with service", "write a cron expression",
             "prepare questions for a mortgage adviser"],
    "outcome": ["User was happy with the first draft.", "Needed two rounds of edits.",
                "User said it saved them an hour.", "They'll finish the rest themselves.",
                "User wants a shorter version tomorrow.", "Flagged two things they should double-check.",
                "User laughed at the second option and picked it.", "Left a couple of open questions in the doc.",
                "User asked me to keep a copy for later.", "Ended up simplifying it a lot.",
                "User said it was exactly what they needed.", "They pushed back on the tone, fixed it.",
                "User will send it after lunch.", "Went through it line by line together.",
                "User wants to revisit it at the weekend.", "Marked as done in their task list.",
                "User said I overcomplicated it at first.", "Added a checklist at the end.",
                "They asked for a version in bullet points too.", "User is going to share it with their team.",
                "Still waiting on one number from them.", "User seemed relieved to have it off their plate.",
                "Cut it down to half the length.", "User liked the table format best.",
                "Kept it informal, as requested."],
    "when": ["on Tuesday evening", "first thing this morning", "over lunch", "late last night",
             "on Sunday afternoon", "this evening", "just after 7am", "on a rainy Thursday",
             "right after a long meeting", "on Friday night", "mid-afternoon", "late on Saturday",
             "on a Saturday morning", "around midnight", "on Wednesday", "early on Monday",
             "in a quick session", "in a long evening chat", "on Thursday night", "after dinner",
             "on a bank holiday", "at the end of the work day", "on a slow Sunday", "at breakfast"],
    "mood": ["tired", "in a great mood", "a bit stressed", "chatty", "grumpy about work",
             "excited about the weekend", "low on energy", "distracted", "upbeat", "anxious about a deadline",
             "pleased with themselves", "frazzled", "relaxed", "a little homesick", "restless",
             "buzzing after a good run", "under the weather", "quiet", "in a silly mood", "focused"],
    "weather": ["pouring with rain", "unexpectedly sunny", "freezing", "windy and grey", "muggy",
                "foggy all morning", "bright but cold", "stormy", "drizzly", "properly hot",
                "snowing lightly", "humid after a thunderstorm", "crisp and clear", "miserable",
                "mild for the time of year", "blowing a gale", "sleety", "overcast", "sunny but chilly",
                "too warm to sleep"],
    "food": ["a mushroom risotto", "chickpea curry", "shakshuka", "a Thai green curry", "homemade ramen",
             "fish tacos", "a lentil soup", "pad see ew", "a Sunday roast", "bibimbap", "gnocchi with pesto",
             "a big Greek salad", "jollof rice", "a veggie lasagne", "beef pho", "katsu curry",
             "a sourdough pizza", "dal and rice", "a Moroccan tagine", "halloumi wraps", "bao buns",
             "a spinach pie", "teriyaki salmon", "a bean chilli", "miso aubergine", "pierogi",
             "a ploughman's lunch", "falafel bowls", "cacio e pepe", "an omelette with leftovers"],
    "errand": ["returning a parcel", "picking up a prescription", "renewing a passport", "getting keys cut",
               "dropping off dry cleaning", "booking a boiler service", "sending a birthday card",
               "buying a new kettle", "recycling old electronics", "posting a tax form", "picking up a repaired watch",
               "topping up the travel card", "booking an eye test", "getting a haircut", "buying bin bags",
               "collecting a click-and-collect order", "changing a lightbulb fitting", "donating old clothes",
               "paying a parking permit", "returning library books", "buying a present for a colleague",
               "registering to vote", "sorting out a broken blind", "getting a bike puncture fixed",
               "picking up concert tickets", "booking a flu jab", "renewing a railcard", "buying paint samples",
               "sending a wedding RSVP", "cancelling an old magazine subscription"],
    "plan": ["a long walk and a pub lunch", "a lazy day with films", "a day trip to the coast",
             "finally assembling a bookshelf", "a friend's housewarming", "batch cooking for the week",
             "a climbing session", "a museum visit", "a car boot sale", "a parkrun and brunch",
             "a board game night", "decluttering the spare room", "a gig on Saturday night",
             "a cycling loop out of town", "a family lunch", "gardening if the weather holds",
             "a pottery class", "catching up on sleep", "a bake-off with friends", "a wedding fitting",
             "a city walking tour", "repainting a bedroom wall", "a swim at the lido", "a trip to IKEA",
             "a quiz night", "visiting a farmers' market", "a film festival screening", "a camping trip",
             "a kayaking taster", "a birthday dinner"],
    "qtopic": ["how compound interest works", "why the sky looks orange at sunset",
               "whether to fix or float a mortgage", "how to descale a kettle", "how long cooked rice keeps",
               "the difference between latency and throughput", "how to remove a red wine stain",
               "what a tracker mortgage is", "how to write a good commit message", "how jet lag works",
               "whether oat milk froths well", "how to negotiate a pay rise", "why sourdough needs a starter",
               "how to fall asleep faster", "what the Bank of England base rate is for",
               "how tennis scoring works", "how to keep basil alive", "what a Gantt chart is",
               "the rules of cribbage", "how to prune a rose bush", "how heat pumps work",
               "how to read a nutrition label", "what an index fund is", "how to improve posture at a desk",
               "when to plant garlic", "how to bleed a radiator", "how passkeys work",
               "what causes hiccups", "how to write a eulogy", "how to start journaling",
               "the best way to learn touch typing", "how to clean suede shoes", "what a CRDT is",
               "how to calm a barking dog", "what a cron job is", "how to fold a fitted sheet",
               "how noise-cancelling headphones work", "how much water to drink when running",
               "how to stop procrastinating", "what umami means"],
    "answer": ["Kept the answer short.", "Gave a step-by-step version.", "Added a simple analogy.",
               "Linked it to something they asked last month.", "User wanted the nerdy version.",
               "Gave two options and a recommendation.", "They followed up with three more questions.",
               "User said it finally made sense.", "Answered with a quick table.", "Suggested a book on it.",
               "User asked me to explain it like they're five.", "Included a common mistake to avoid.",
               "They tried it straight away.", "Pointed out where opinions differ.", "Added a worked example."],
    "show": ["a true-crime podcast", "a Danish crime drama", "a documentary about octopuses",
             "a sci-fi novel", "a biography of a chef", "a cooking competition", "a stand-up special",
             "a history podcast", "a fantasy trilogy", "a heist film", "an audiobook about habits",
             "a Korean drama", "a nature series", "a graphic novel", "a quiz show", "a space documentary",
             "a short story collection", "an old Western", "a murder mystery", "a sitcom box set",
             "a productivity book", "a memoir about running", "a thriller paperback", "a climbing film",
             "a podcast about economics"],
    "bug": ["a race condition", "a memory leak", "a timezone bug", "an off-by-one error", "a flaky test",
            "a broken migration", "a null pointer in prod", "a caching issue", "a slow query",
            "an expired certificate", "a dependency conflict", "a failing deploy", "a deadlock",
            "an encoding problem", "a permissions error", "a misconfigured alert", "a rounding bug",
            "a stuck queue", "a DNS hiccup", "an API rate limit"],
    "meeting": ["a roadmap review", "a 1:1", "a sprint retro", "a design critique", "an incident review",
                "a hiring panel", "a budget meeting", "a quarterly planning session", "a vendor call",
                "a team offsite", "a demo day", "a stand-up that overran", "an architecture review",
                "a skip-level chat", "a customer call", "a workshop", "a board prep session",
                "a mentoring chat", "a town hall", "a pairing session"],
    "amount": ["20 pounds", "35 pounds", "50 pounds", "75 pounds", "120 pounds", "15 pounds", "200 pounds",
               "60 pounds", "90 pounds", "250 pounds", "40 pounds", "10 pounds", "300 pounds", "80 pounds"],
    "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "sight": ["the old harbour", "a tiny bookshop", "the street food market", "a rooftop bar",
              "the botanical gardens", "a jazz club", "the cathedral", "a flea market", "the river walk",
              "a ceramics museum", "the castle", "a hidden beach", "a bakery they keep talking about",
              "the modern art gallery", "a sunset boat trip", "the old town", "a night market",
              "a vineyard tour", "the hills above town", "a record shop"],
    "verdict": ["not impressed", "loved it", "thought it was overpriced", "said the cake was the highlight",
                "found it too loud", "liked the vibe but not the coffee", "said it was fine, nothing special",
                "hated the music", "thought the staff were lovely", "found it too crowded",
                "said they'd only go back for the pastries", "thought the wifi was useless",
                "rated it a solid seven", "said the chairs were uncomfortable", "found it oddly charming"],
    "reaction": ["isn't interested", "said maybe next year", "ignored it", "was flattered but declined",
                 "forwarded it to a friend", "asked me to draft a polite no", "laughed about the salary",
                 "wants to think about it", "said the timing is wrong", "found the pitch generic",
                 "asked me what the company does", "saved it for later"],
    "workout": ["a 5k run", "a yoga video", "a bodyweight circuit", "a long walk", "a skipping session",
                "a kettlebell routine", "some stretching", "a HIIT video", "a bike ride", "a swim",
                "a pilates class online", "a stair workout", "resistance band work", "a hill sprint session",
                "a mobility routine"],
    "carjob": ["new wiper blades", "a tyre check", "an oil change", "a wash after the beach trip",
               "a new parking permit", "an air con re-gas", "a windscreen chip repair",
               "its road tax renewing", "a proper valet", "a new brake light bulb", "a wheel alignment",
               "a fresh air freshener", "new floor mats", "a battery check"],
    "phonejob": ["a new case", "a screen protector", "a longer charging cable", "more cloud storage",
                 "fewer notifications", "a wallpaper change", "a backup of the photos",
                 "a cleaner home screen", "a fix for the Bluetooth dropping", "a new ringtone",
                 "a car mount", "a MagSafe wallet"],
    "laptopjob": ["a keyboard clean", "a battery health check", "a new charger", "a stand for the desk",
                  "an OS update", "a sleeve for travel", "more RAM, if possible", "a cleaner desktop",
                  "a thermal paste job", "a USB-C hub", "a privacy screen", "a backup drive"],
    "petq": ["whether grapes are toxic to pets", "how often to trim claws", "how to stop pulling on the lead",
             "what to do about fleas", "how much exercise is normal", "whether pet insurance covers dental",
             "how to introduce a new toy", "how to keep pets calm during fireworks",
             "whether raw diets are a good idea", "how to brush a pet's teeth", "how to travel with a pet",
             "what a normal weight range is"],
    "drink": ["a second espresso", "a decaf", "an iced latte", "a chai", "a cortado", "a matcha",
              "a hot chocolate", "a flat white", "a cold brew", "a peppermint tea"],
    "bill": ["the council tax", "the water bill", "the phone contract", "the energy bill",
             "a gym renewal", "the streaming subscriptions", "the broadband", "the TV licence",
             "the car insurance", "a dentist invoice"],
}

FILLER_TEMPLATES = [
    "Helped user {task} {when}. {outcome}",
    "Task log: {task}. {outcome} User seemed {mood}.",
    "User asked me to {task}; done {when}. {outcome}",
    "Spent a while {when} helping the user {task}. {answer}",
    "User asked {qtopic}. {answer} They were {mood}.",
    "Question from the user {when}: {qtopic}. {answer}",
    "User was {mood} {when}; it was {weather} and they'd been {errand}.",
    "Weather where the user is: {weather}. They cancelled {plan} and made {food} instead.",
    "User cooked {food} {when} and asked for a side dish. Suggested {food2}.",
    "Gave the user a recipe for {food}; they want {food2} next {day}.",
    "Weekend plan for the user: {plan}, then {plan2} on {day}.",
    "User is looking forward to {plan} on {day}. Reminded them about {errand}.",
    "To-do added for the user: {errand}, and {errand2} by {day}.",
    "Reminder set: {errand} on {day}. User was {mood} when they asked.",
    "User finished {show} {when} and wants something like it. Suggested {show2}.",
    "User is halfway through {show}; verdict so far: {verdict}. Recommended {show2} after.",
    "User lost a chunk of time {when} chasing {bug} at work. Ended up being {bug2}.",
    "Helped user write a postmortem summary for {bug}. Meeting: {meeting} on {day}.",
    "User has {meeting} on {day} and asked me to prep three talking points. They were {mood}.",
    "Prepped agenda notes for {meeting} the user has; also reminded them about {meeting2} on {day}.",
    "{meeting} ran long for the user {when}, so they skipped lunch and grabbed {food}.",
    "User wants to spend under {amount} on {errand}. Found two options.",
    "Budget check for the user: {bill} went up by {amount}. They were {mood} about it.",
    "User paid {bill} {when}; asked me to remind them about {bill2} next month.",
    "User asked about {petq}. {answer}",
    "Pet question from the user {when}: {petq}. {answer}",
    "User did {workout} {when} instead of going out - it was {weather}.",
    "Gym was packed {when}, so the user did {workout} instead and felt {mood}.",
    "User is sore after {workout}; asked me {qtopic} from the sofa. {answer}",
    "Training log for the user: {workout} on {day}, {workout2} planned next.",
    "User's car needs {carjob}; reminded them {when}. They also mentioned {errand}.",
    "User asked what {carjob} usually costs. Ballpark I gave: {amount}. They were {mood}.",
    "User wants {phonejob} for their phone; budget about {amount}.",
    "User's phone needs {phonejob}. Also asked {qtopic}. {answer}",
    "Laptop housekeeping for the user: {laptopjob} and {laptopjob2}.",
    "User asked if their laptop needs {laptopjob}. {answer}",
    "User had {drink} {when} and regretted it. Was {mood} afterwards.",
    "User's coffee order {when}: {drink}. The queue was long because it was {weather}.",
    "Long day for the user at work - {meeting}, then {bug}. They were {mood} by the evening.",
    "User wants to try {food} this {day}; asked for a shopping list. Added it under {errand}.",
    "User asked for a gift idea under {amount}; suggested {show} or a cookbook featuring {food}.",
    "User mentioned it was {weather} and asked {qtopic}. {answer}",
    "Note to self: user prefers short answers when {mood}. Came up {when} when they asked me to {task}.",
    "User asked me to remind them about {bill} and {errand} on {day}.",
    "Chat {when}: user tried a new brunch place and ordered {food}. Verdict: {verdict}.",
    "User planned {plan} but it was {weather}, so they swapped to {plan2}.",
    "User asked me to {task}, then got sidetracked into {qtopic}. {answer}",
    "User rewatched {show} {when}. Verdict second time round: {verdict}.",
    "User ate {food} at a friend's and wants to recreate it. Weather was {weather}.",
    "Follow-up from {day}: user finished {errand}; {errand2} still pending.",
]

DECOY_TEMPLATES = [
    "User is back from {n} days in {dcity}; favourite bit was {sight}.",
    "User spent a long weekend in {dcity}. It was {weather}, they loved {sight}.",
    "User asked for a {n}-day itinerary for a holiday in {dcity}, with {sight} included.",
    "User borrowed their {nqrel}'s {dcar} {when} for {errand}.",
    "User test drove {adcar} for fun {when}. Their verdict: {verdict}.",
    "User tried {dcafe} for the first time {when}: {verdict}.",
    "User met a friend at {dcafe} {when} and had {drink}.",
    "User's {nq} just got {adphone} and asked the user about {phonejob}.",
    "A recruiter from {demp} messaged the user about {adrole} opening; the user {reaction}.",
    "User did a drop-in class at {dgym} while visiting {dcity}. Verdict: {verdict}.",
    "User's {nq} is doing {plan} in {dcity} on {day}.",
    "User's {nq} is seeing someone called {dname}; the user met them {when}.",
    "User's colleague {dname} swears by {dlang} for side projects; the user {reaction}.",
    "User's {nq} has {adpetsp} called {dpet} who {quirk}.",
    "User watched a talk about {dlang} {when}; found it {adj}.",
    "User's {nq} is thinking about buying {adlaptop} and asked the user's opinion; budget {amount}.",
    "User's {nq} recommended {dgym} but the user {reaction}.",
    "Someone from {demp} gave a meetup talk the user went to {when}; topic was {bug}.",
    "User's {nq} flew back from {dcity} {when} and brought {food} recipes.",
    "User babysat their {nq}'s {dpetsp} {dpet} {when}; it was {weather}.",
]
DECOY_FILL = {
    "n": ["two", "three", "four", "five", "six", "seven", "ten"],
    "quirk": ["steals socks", "hates the vacuum", "sleeps all day", "is afraid of pigeons",
                 "loves car rides", "howls at sirens", "eats everything", "refuses to walk in rain",
                 "follows everyone around", "chases its own tail"],
    "adj": ["surprisingly practical", "too abstract", "inspiring", "long-winded", "funny",
            "a bit of a sales pitch", "useful for work", "hard to follow"],
}

STYLE_PREFIX = ["", "", "", "", "Note: ", "FYI: ", "- ", "[{ts}] ", "(session {sid}) ", "Memory: ",
                "{ts} - ", "Observation: "]


# ---------------------------------------------------------------- generation helpers
_FMT = string.Formatter()


def _fields(template):
    return [f for _, f, _, _ in _FMT.parse(template) if f]


def _iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S+00:00")


class _Clock:
    """Hands out distinct second-resolution datetimes."""

    def __init__(self, rng):
        self.rng = rng
        self.taken = set()

    def at(self, lo, hi):
        span = int((hi - lo).total_seconds())
        for _ in range(1000):
            dt = lo + timedelta(seconds=self.rng.randrange(span))
            if dt not in self.taken:
                self.taken.add(dt)
                return dt
        raise RuntimeError("no free timestamp")


def _chain_dates(rng, clock, n):
    d0 = clock.at(datetime(2024, 9, 2, 7, tzinfo=timezone.utc), datetime(2024, 12, 29, 22, tzinfo=timezone.utc))
    dates = [d0]
    if n > 1:
        lo = datetime(2025, 1, 3, 7, tzinfo=timezone.utc)
        hi = datetime(2025, 9, 27, 22, tzinfo=timezone.utc)
        seg = (hi - lo) / (n - 1)
        for i in range(n - 1):
            a = lo + seg * i + timedelta(days=4)
            b = lo + seg * (i + 1) - timedelta(days=4)
            dates.append(clock.at(a, b))
    return dates


def _prefix(rng, template, ts, sid, change):
    if template.startswith("^"):
        return template[1:]
    head = template[:26]
    if ":" in head or template.startswith(("{", "-", "FYI", "Update", "Correction", "Context", "Session", "Note")):
        return template
    opts = STYLE_PREFIX + (["Update: ", "Update - ", "Heads-up: "] if change else [])
    p = rng.choice(opts)
    return p.replace("{ts}", ts).replace("{sid}", sid) + template


def _pick_template(rng, templates, used):
    free = [i for i in range(len(templates)) if i not in used]
    i = rng.choice(free or list(range(len(templates))))
    used.add(i)
    return templates[i]


def _plan(rng):
    """Choose the person's slots, values and people (no texts, no dates)."""
    used = {k: set() for k in POOLS}
    used_names = set()
    taken = []  # every value / name so far: no new one may contain or be contained in one of them

    def ok(x):
        return not any(_mentions(x, t) or _mentions(t, x) for t in taken)

    def take(pool, n):
        vals = rng.sample([x for x in pool if ok(x)], n)
        taken.extend(vals)
        return vals

    user_slots = rng.sample(sorted(USER_SLOTS), rng.randint(8, 10))
    chains = []  # (subject, slot, values)
    for slot in sorted(user_slots, key=list(USER_SLOTS).index):
        vals = take(POOLS[slot], rng.randint(2, USER_SLOTS[slot]["maxlen"]))
        used[slot].update(vals)
        if slot == "partner":
            used_names.update(vals)
        chains.append(("user", slot, vals))
    rels = rng.sample(sorted(PEOPLE), 4)
    people = {}
    for rel in rels:
        fits = {"sister": FEMALE, "mum": FEMALE, "brother": MALE}.get(rel, set(NAMES))
        nm = take([x for x in NAMES if x in fits], 1)[0]
        used_names.add(nm)
        people[rel] = nm
    for rel in rels:
        for slot in rng.sample(PEOPLE[rel][1], 3):
            vals = take(POOLS[slot], rng.choice([1, 2, 2, 3, 3]))
            used[slot].update(vals)
            if slot == "partner":
                used_names.update(vals)
            chains.append((rel, slot, vals))
    nq = []
    for rel in rng.sample(NQ_RELS, 5):
        nm = take(NAMES, 1)[0]
        used_names.add(nm)
        nq.append((rel, nm))
    return chains, people, nq, used, used_names


def _fact_texts(rng, chains, people, clock):
    """Turn chains into labelled memories (+ unlabelled precursor notes). Returns list of chain records."""
    records = []
    used_tpl = {}
    for subject, slot, vals in chains:
        n = len(vals)
        dates = _chain_dates(rng, clock, n)
        species = rng.sample(PET_SPECIES, n) if slot == "pet" else [""] * n
        if subject == "user":
            spec = USER_SLOTS[slot]
            rel, nm, rk = "", "", ""
        else:
            spec = PERSON_SLOTS[slot]
            rel, nm = PEOPLE[subject][0], people[subject]
            rk = PEOPLE[subject][0].replace(" ", "_").replace("-", "")
        mems, extra = [], []
        for i, v in enumerate(vals):
            dt = dates[i]
            o = vals[i - 1] if i else ""
            kw = dict(v=v, o=o, av=_art(v), ao=_art(o) if o else "", d=f"{dt.day} {dt:%b}",
                      ts=dt.strftime("%Y-%m-%d %H:%M"), sid=_sid(rng), sp=species[i],
                      asp=_art(species[i]) if species[i] else "", osp=species[i - 1] if i else "",
                      rel=rel, nm=nm, rk=rk)
            key = (subject == "user", slot, "first" if i == 0 else "change")
            tpl = _pick_template(rng, spec["first" if i == 0 else "change"], used_tpl.setdefault(key, set()))
            text = _prefix(rng, tpl, kw["ts"], kw["sid"], i > 0).format(**kw)
            mems.append({"content": text, "created": _iso(dt),
                         "fact": {"subject": subject, "slot": slot, "index": i, "value": v}})
            # sometimes the agent first notes that the old value is ending, without the new one
            if i > 0 and subject == "user" and rng.random() < 0.3:
                pdt_hi = dt - timedelta(days=2)
                pdt_lo = max(dates[i - 1] + timedelta(days=1), dt - timedelta(days=14))
                if pdt_hi > pdt_lo:
                    pdt = clock.at(pdt_lo, pdt_hi)
                    pkw = dict(kw, ts=pdt.strftime("%Y-%m-%d %H:%M"), sid=_sid(rng))
                    ptpl = _pick_template(rng, spec["pre"], used_tpl.setdefault((True, slot, "pre"), set()))
                    extra.append({"content": _prefix(rng, ptpl, pkw["ts"], pkw["sid"], False).format(**pkw),
                                  "created": _iso(pdt)})
        records.append({"subject": subject, "slot": slot, "values": vals, "memories": mems, "extra": extra})
    return records


def _questions(rng, rec, people):
    subject, slot, vals = rec["subject"], rec["slot"], rec["values"]
    last = len(vals) - 1
    out = []

    def q(text, tense, gold):
        out.append({"question": text, "subject": subject, "slot": slot, "tense": tense,
                    "gold": gold, "values": list(vals), "kind": _kind(text)})

    if subject == "user":
        spec = USER_SLOTS[slot]
        for t in rng.sample(spec["now_q"], 2):
            q(t, "now", last)
        q(rng.choice(spec["before_q"]), "before", last - 1)
        q(rng.choice(spec["y24_q"]), "before", 0)
    else:
        t = rng.choice(PERSON_SLOTS[slot]["now_q"])
        q(t.format(rel=PEOPLE[subject][0], nm=people[subject]), "now", last)
    return out


def _filler(rng, clock, count, used, used_names, nq):
    """`count` unique filler notes; two notes from one template always differ in >= 2 slots."""
    taken = sorted(set().union(*used.values()) | used_names)

    bad = re.compile("|".join(r"(?<!\w)" + re.escape(t) + r"(?!\w)" for t in taken))

    def clean(lst):  # filler must not even contain a real value ("Swift" inside "Acer Swift Go")
        return [x for x in lst if not bad.search(x)]

    def free(slot):
        return clean(POOLS[slot])

    dpets = clean(PET_NAMES)
    dnames = clean(NAMES)
    pools = {k: clean(v) for k, v in FILL.items()}
    pools.update({k: clean(v) for k, v in DECOY_FILL.items()})
    pools.update({
        "dcity": free("home"), "demp": free("employer"), "adrole": [_art(x) for x in free("role")],
        "adphone": [_art(x) for x in free("phone")], "adlaptop": [_art(x) for x in free("laptop")],
        "dcar": free("car"), "adcar": [_art(x) for x in free("car")], "dgym": free("gym"),
        "dcafe": free("coffee"), "dlang": free("lang"), "dpet": dpets, "dname": dnames,
        "dpetsp": PET_SPECIES, "adpetsp": [_art(x) for x in PET_SPECIES],
        "nq": [f"{r} {n}" for r, n in nq], "nqrel": [r for r, _ in nq],
    })
    templates = [(t, _fields(t)) for t in FILLER_TEMPLATES + DECOY_TEMPLATES]
    weights = [3] * len(FILLER_TEMPLATES) + [2] * len(DECOY_TEMPLATES)
    masked = set()
    seen = set()
    fails = [0] * len(templates)
    out = []
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > 60 * count + 5000:
            raise RuntimeError("filler space exhausted")
        live = [i for i in range(len(templates)) if fails[i] < 60]
        ti = rng.choices(live, weights=[weights[i] for i in live])[0]
        tpl, fields = templates[ti]
        vals = {}
        for f in fields:
            base = f.rstrip("0123456789")
            choices = [x for x in pools[base] if x not in vals.values()] if base != f else pools[base]
            vals[f] = rng.choice(choices)
        tup = tuple(vals[f] for f in fields)
        keys = [(ti, i) + tup[:i] + tup[i + 1:] for i in range(len(tup))]
        if any(k in masked for k in keys):
            fails[ti] += 1
            continue
        dt = clock.at(_START + timedelta(hours=1), _END)
        ts = dt.strftime("%Y-%m-%d %H:%M")
        body = tpl.format(**vals)
        body = body[0].upper() + body[1:]
        text = _prefix(rng, body, ts, _sid(rng), False)
        norm = re.sub(r"[^\w+#]+|_+", " ", body.lower()).strip()
        if norm in seen:
            clock.taken.discard(dt)
            fails[ti] += 1
            continue
        fails[ti] = 0
        seen.add(norm)
        masked.update(keys)
        out.append({"content": text, "created": _iso(dt)})
    return out


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"{SPLIT}/{user}/{seed}")
    clock = _Clock(random.Random(f"{SPLIT}/clock/{user}/{seed}"))
    chains, people, nq, used, used_names = _plan(rng)
    records = _fact_texts(rng, chains, people, clock)
    questions_by_rec = [_questions(rng, rec, people) for rec in records]

    def n_fact(recs):
        return sum(len(r["memories"]) + len(r["extra"]) for r in recs)

    keep = list(range(len(records)))
    drop_order = [i for i, r in enumerate(records) if r["subject"] != "user"]
    rng.shuffle(drop_order)
    user_order = [i for i, r in enumerate(records) if r["subject"] == "user"]
    rng.shuffle(user_order)
    drop_order += user_order
    while keep and n_fact([records[i] for i in keep]) > size:
        keep.remove(drop_order.pop(0))
    kept = [records[i] for i in keep]
    # free the timestamps of dropped chains (not needed, but keeps the clock tidy)
    memories = []
    for r in kept:
        memories.extend(r["memories"])
        memories.extend(r["extra"])
    memories.extend(_filler(rng, clock, size - len(memories), used, used_names, nq))
    memories.sort(key=lambda m: m["created"])
    questions = [q for i in keep for q in questions_by_rec[i]]
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW,
            "memories": memories, "questions": questions}


# ---------------------------------------------------------------- self-check
_ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$")
_PREFIX_RE = re.compile(r"^(\[[^\]]*\]\s*|\(session [0-9a-f]{6}\)\s*|\d{4}-\d\d-\d\d \d\d:\d\d - |"
                        r"(note|fyi|memory|observation|update|heads-up|task log)\s*[:-]\s*|- )+", re.I)


def _norm_tokens(text):
    return re.sub(r"[^\w+#]+|_+", " ", _PREFIX_RE.sub("", text).lower()).split()


def _mentions(text, value):
    return re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text) is not None


def _check_store(d, size, user, seed):
    assert d["split"] == SPLIT and d["user"] == user and d["seed"] == seed and d["now"] == NOW
    mems, qs = d["memories"], d["questions"]
    assert len(mems) == size, (len(mems), size)
    created = [m["created"] for m in mems]
    assert created == sorted(created), "not sorted"
    assert len(set(created)) == len(created), "duplicate created"
    for c in created:
        assert _ISO_RE.match(c), c
        assert "2024-09-01T00:00:00+00:00" <= c <= "2025-09-30T23:59:59+00:00", c
    contents = [m["content"] for m in mems]
    assert len(set(contents)) == len(contents), "duplicate content"
    masked, normed = set(), set()
    for c in contents:
        assert c.strip() and len(c) <= 400, c
        toks = _norm_tokens(c)
        key = " ".join(toks)
        assert key not in normed, ("near-duplicate (punctuation)", c)
        normed.add(key)
        for i in range(len(toks)):
            k = tuple(toks[:i]) + ("*",) + tuple(toks[i + 1:])
            assert k not in masked, ("near-duplicate (one word)", c)
            masked.add(k)
    # chains
    chains = {}
    for m in mems:
        if "fact" in m:
            f = m["fact"]
            assert set(f) == {"subject", "slot", "index", "value"}
            chains.setdefault((f["subject"], f["slot"]), {})
            assert f["index"] not in chains[(f["subject"], f["slot"])], ("double label", f)
            chains[(f["subject"], f["slot"])][f["index"]] = m
            assert _mentions(m["content"], f["value"]), (f, m["content"])
    values = {}
    for key, steps in chains.items():
        n = len(steps)
        assert sorted(steps) == list(range(n)), key
        vals = [steps[i]["fact"]["value"] for i in range(n)]
        assert len(set(vals)) == n, key
        values[key] = vals
        assert steps[0]["created"].startswith("2024-") and steps[0]["created"] >= "2024-09", key
        for i in range(1, n):
            assert steps[i]["created"].startswith("2025-"), key
            assert steps[i]["created"] > steps[i - 1]["created"], key
    user_keys = [k for k in chains if k[0] == "user"]
    other_keys = [k for k in chains if k[0] != "user"]
    if size >= 100:  # all chains fit at these sizes
        assert 8 <= len(user_keys) <= 10, user_keys
        assert len({k[0] for k in other_keys}) == 4 and len(other_keys) == 12, other_keys
    for k in user_keys:
        assert 2 <= len(values[k]) <= 4, k
    for k in other_keys:
        assert 1 <= len(values[k]) <= 3, k
        if ("user", k[1]) in values:
            assert not set(values[k]) & set(values[("user", k[1])]), k
    # unlabelled mentions of chain values: only the value current at that moment (never a new one)
    for m in mems:
        for key, vals in values.items():
            for i, v in enumerate(vals):
                if not _mentions(m["content"], v):
                    continue
                if "fact" in m and (m["fact"]["subject"], m["fact"]["slot"]) == key:
                    assert i <= m["fact"]["index"], ("future value in fact", m["content"])
                    continue
                steps = chains[key]
                cur = max([j for j in steps if steps[j]["created"] <= m["created"]], default=None)
                assert "fact" not in m and cur == i, ("stray mention of a value", v, m["content"])
    # questions
    per = {}
    for q in qs:
        key = (q["subject"], q["slot"])
        assert key in values, ("question without chain", key)
        assert q["values"] == values[key], key
        assert q["kind"] == _kind(q["question"]), q
        last = len(values[key]) - 1
        per.setdefault(key, []).append(q)
        if q["tense"] == "now":
            assert q["gold"] == last and q["kind"] in ("now", "currently", "these days", "plain"), q
        else:
            assert q["tense"] == "before", q
            if "2024" in q["question"]:
                assert q["gold"] == 0 and q["kind"] == "in 2024", q
            else:
                assert q["gold"] == last - 1 and q["kind"] in ("used to", "before"), q
    for key in values:
        got = per.get(key, [])
        if key[0] == "user":
            assert len(got) == 4, key
            assert sum(q["tense"] == "now" for q in got) == 2, key
            assert len({q["question"] for q in got}) == 4, key
            assert sum("2024" in q["question"] for q in got) == 1, key
        else:
            assert len(got) == 1 and got[0]["tense"] == "now", key
    return values


def _check_templates():
    for slot, spec in USER_SLOTS.items():
        assert len(spec["first"]) >= 8 and len(spec["change"]) >= 8, slot
        for t in spec["now_q"]:
            assert _kind(t) in ("now", "currently", "these days", "plain"), t
        for t in spec["before_q"]:
            assert _kind(t) in ("used to", "before"), t
        for t in spec["y24_q"]:
            assert _kind(t) == "in 2024", t
        for t in spec["change"]:
            assert "{v}" in t or "{av}" in t, t
        for t in spec["first"]:
            assert "{o}" not in t and "{ao}" not in t and ("{v}" in t or "{av}" in t), t
    for slot, spec in PERSON_SLOTS.items():
        for t in spec["now_q"]:
            for rel, _ in PEOPLE.values():
                assert _kind(t.format(rel=rel, nm="X")) in ("now", "currently", "these days", "plain"), t


def self_check() -> None:
    _check_templates()
    for size in (1000, 100):
        for user in range(4):
            d = generate(size, user)
            assert d == generate(size, user), "not deterministic"
            _check_store(d, size, user, 0)
    a, b = generate(1000, 0), generate(1000, 1)
    assert [m["content"] for m in a["memories"]] != [m["content"] for m in b["memories"]]
    assert generate(300, 2, seed=1) != generate(300, 2, seed=0)
    print("self_check ok")


if __name__ == "__main__":
    import time
    self_check()
    t = time.time()
    big = generate(10000, 0)
    _check_store(big, 10000, 0, 0)
    print(f"generate(10000, 0) + check: {time.time() - t:.2f}s")
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(len(facts), "fact memories,", len(d["questions"]), "questions")
    for m in facts:
        f = m["fact"]
        print(f'{m["created"][:10]} {f["subject"]}/{f["slot"]}[{f["index"]}]={f["value"]!r}: {m["content"]}')
    for q in d["questions"][:12]:
        print(q["kind"], "|", q["question"], "->", q["values"][q["gold"]])
