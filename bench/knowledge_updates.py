#!/usr/bin/env python3
"""Knowledge updates: does recall give the current value of a fact that changed?

A seeded generator (no data files) makes simulated users. Each user's facts in
ten slots (home city, employer, phone, dog, gym, car, partner, favourite food,
team, class) are stated once in 2024 and change two or three times in 2025,
every statement in everyday words from many templates ("We moved to Lisbon
last month", "Our new puppy is named Max"); beside them, four other people
(a sister, a colleague...) whose facts in three slots change too ("My sister
Anna moved to Lyon": distractors, and questions of their own), and everyday
filler, some of it on the same topics without a value ("The gym was packed
tonight"), up to the store size. Each user is one fresh workspace, imported
through the CLI (`remember.py --jsonl`, each memory with its real date in
`created`, HIPPOCAMPUS_NOW set after the last one), as bench/locomo.py does.
Store: semantic (one file per memory) by default, where `remember` puts a
fact it is told and where supersession acts; `--store episodic` for daily logs.

Questions, asked in the third person as an agent asks ("Where does the user
live now?"): about now ("now", "currently", "these days", or no time word)
and about before ("before"/"previous", "used to", "in 2024"). Metrics, over
the top 10 of `recall.py --json --top 10`:

- current@1 / current@5: the memory stating the current value is first / in the top 5;
- stale-above: a memory stating an outdated value of the same subject and slot
  ranks above the current one (or is in the top 10 while the current one is not);
- before@5: for before-questions, the previous value (for "in 2024" the 2024 one) is in the top 5.

How the changes are told (`--supersede`):

- `read` (default): each memory remembered as it is; the statement reader finds what changed;
- `stated`: every change remembered with `supersedes` naming the previous value's memory, as
  an agent that knows would (`remember.py --supersedes ID`): what a stated supersession gives;
- `agent`: replayed in date order in-process; each change is remembered alone and a simulated
  agent (an oracle: it knows the old value when it sees it) runs `supersede.py NEW OLD` when
  remember's `candidates` offer the old value. Also reported, per change: whether the old value
  was offered (`offered`), linked by the reader already (`linked`), and `recall@3`: either
  (remember --json offers at most 3).

`--split dev` and `--split check` use disjoint halves of every template list,
value list, question list and name list (and different seeds): tune on dev,
check on check. `--split blind1` ... `blind19` are sets other sessions wrote
without reading the parser or these lists (bench/ku_sets/; their docstrings say
how each was used; the misses of blind9-13, blind18 and blind19 were never read). `--failures` prints each
now-question missed at rank 1 with what holds it.

    python3 bench/knowledge_updates.py                         # dev, sizes 100,1000, through the CLI
    python3 bench/knowledge_updates.py --split check --sizes 100,1000,10000
    python3 bench/knowledge_updates.py --mode library --json   # in-process recall (faster)
    python3 bench/knowledge_updates.py --dump --sizes 100      # the generated memories and questions
    python3 bench/knowledge_updates.py --supersede stated --mode library   # every change stated
    python3 bench/knowledge_updates.py --supersede agent --mode library    # an agent given candidates
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
NOW = datetime(2025, 10, 1, 9, 0, tzinfo=timezone.utc)
START = datetime(2024, 9, 1, tzinfo=timezone.utc)
FIRST_YEAR = 2024  # a slot's first value is stated in 2024, its changes in 2025
TOP = 10

# Each slot: values; first-person statements ("user"); statements about another
# person ("other", {who} = "My sister Anna"); questions about now ("now"),
# before ("before"), a year ("year"), another person now ("other_q").
# Every list is split by position: even items dev, odd items check.
SLOTS: dict[str, dict[str, list[str]]] = {
    "home": {
        "values": ["Lisbon", "Denver", "Leeds", "Valencia", "Utrecht", "Krakow", "Austin", "Dublin", "Ghent",
                   "Seattle", "Bristol", "Turin", "Halifax", "Toronto", "Munich", "Oslo"],
        "user": ["Now living in {v}.", "We moved to {v} last month.", "Just signed the lease for a flat in {v}.",
                 "Finally unpacked the last boxes at our new place in {v}.",
                 "Home is {v} now, still getting used to the trams.",
                 "The movers dropped everything off in {v} this morning.", "I relocated to {v} for good.",
                 "Got the keys to our apartment in {v} today!",
                 "Settling into life in {v}, the neighbours are lovely.", "We bought a house in {v}.",
                 "Changed my address to {v} at the bank after the move.",
                 "First night sleeping in our new {v} flat."],
        "other": ["{who} moved to {v}.", "{who} just bought a place in {v}.", "{who} is living in {v} now.",
                  "{who} relocated to {v} for work."],
        "now": ["Where does the user live now?", "Where is the user living these days?",
                "Which city does the user currently live in?", "Where does the user live?",
                "What city is the user's home now?", "Where is the user based these days?",
                "Where does the user currently reside?", "Which city does the user call home?"],
        "before": ["Where did the user live before?", "Which city did the user use to live in?",
                   "Where did the user live previously?", "Where was the user living before the last move?"],
        "year": ["Where did the user live in {year}?", "Which city was the user living in during {year}?"],
        "other_q": ["Where does the user's {rel} live now?", "Which city does the user's {rel} live in?"],
    },
    "employer": {
        "values": ["Acme Robotics", "Northwind Bank", "Globex", "Initech", "Stark Logistics", "Blue Harbor Media",
                   "Umbrella Health", "Vandelay Imports", "Hooli", "Pied Piper", "Cyberdyne", "Wayne Foods",
                   "Soylent", "Tyrell Systems", "Nakatomi Trading", "Oscorp"],
        "user": ["Started my new job at {v} today.", "I work at {v} now.", "Accepted the offer from {v}!",
                 "First week at {v} done, the team is great.", "Signed my contract with {v}.",
                 "Handed in my notice; joining {v} on Monday.", "My new badge for the {v} office came through.",
                 "Onboarding at {v} all day.", "I'm now a product manager at {v}.",
                 "{v} hired me, starting next week.", "Cleared my desk at the old place, {v} here I come.",
                 "Got through the probation period at {v}."],
        "other": ["{who} got a job at {v}.", "{who} works at {v} now.", "{who} just joined {v}.",
                  "{who} was hired by {v}."],
        "now": ["Where does the user work now?", "Who is the user's employer?",
                "Which company does the user currently work for?", "Where is the user working these days?",
                "What company does the user work at?", "Who does the user work for now?",
                "Which firm employs the user currently?", "Where does the user have a job these days?"],
        "before": ["Where did the user work before?", "Which company did the user use to work for?",
                   "Who was the user's previous employer?", "Where did the user work previously?"],
        "year": ["Where did the user work in {year}?", "Who employed the user in {year}?"],
        "other_q": ["Where does the user's {rel} work now?", "Which company does the user's {rel} work for?"],
    },
    "phone": {
        "values": ["Pixel 8", "iPhone 15", "Galaxy S24", "Fairphone 5", "OnePlus 12", "Xperia 10", "Moto Edge",
                   "Nothing Phone", "Nokia X30", "Pixel 6", "Galaxy A54", "iPhone 13", "Xiaomi 13", "Oppo Find",
                   "Honor Magic", "Asus Zenfone"],
        "user": ["Switched my phone to a {v}.", "Got a new {v} yesterday.", "My phone is a {v} now.",
                 "Finally upgraded to the {v}.", "Dropped my old phone in the lake, replaced it with a {v}.",
                 "Set up the {v} this morning, transferring photos now.", "The {v} arrived in the post today.",
                 "Treated myself to a {v}.", "Using a {v} since the weekend.", "Traded my handset in for a {v}.",
                 "Bought a refurbished {v}.", "The carrier sent me a {v} with the new contract."],
        "other": ["{who} got a {v}.", "{who} switched to a {v}.", "{who} bought the {v}.",
                  "{who} is using a {v} now."],
        "now": ["What phone does the user have?", "Which phone does the user use now?",
                "What smartphone does the user currently own?", "What phone is the user using these days?",
                "Which mobile does the user have now?", "What kind of phone does the user carry?",
                "What's the user's current phone?", "Which handset does the user use these days?"],
        "before": ["What phone did the user have before?", "Which phone did the user use to have?",
                   "What was the user's previous phone?", "What phone did the user use previously?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?"],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone does the user's {rel} use?"],
    },
    "dog": {
        "values": ["Biscuit", "Luna", "Max", "Pepper", "Rocky", "Daisy", "Milo", "Hazel", "Bruno", "Nala",
                   "Ziggy", "Olive", "Teddy", "Juniper", "Rex", "Poppy"],
        "user": ["Our new puppy is named {v}.", "We adopted a dog called {v}.",
                 "Meet {v}, the newest member of the family!",
                 "{v} the labrador came home with us from the shelter today.",
                 "Brought home a rescue pup, we named him {v}.", "{v} chewed my slippers again, typical puppy.",
                 "Walking {v} around the block every morning now that we have a dog.",
                 "Picked up our beagle {v} from the breeder.", "Registered {v} with the vet, our new dog.",
                 "The kids chose the name {v} for the puppy.", "Got {v}'s dog tag engraved.",
                 "{v} is our dog now, a sweet little terrier."],
        "other": ["{who} got a puppy named {v}.", "{who} adopted a dog called {v}.",
                  "{who} has a new dog, {v}.", "{who} brought home a rescue named {v}."],
        "now": ["What is the name of the user's dog?", "What's the user's dog called now?",
                "What is the user's pet's name these days?", "What does the user call their dog currently?",
                "What is the user's puppy named?", "Which dog does the user have now?",
                "What's the name of the user's current pet?", "What dog does the user own?"],
        "before": ["What was the name of the user's previous dog?", "What dog did the user use to have?",
                   "What was the user's dog called before?", "What pet did the user have previously?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?"],
        "other_q": ["What is the name of the user's {rel}'s dog?", "What is the user's {rel}'s dog called now?"],
    },
    "gym": {
        "values": ["Iron Temple", "FitHub", "PulseFit", "Anytime Fitness", "Gold's Gym", "The Climbing Barn",
                   "CrossFit Harbour", "Yoga Loft", "Planet Fitness", "Virgin Active", "Powerhouse",
                   "Riverside Leisure Centre", "Basecamp Bouldering", "Spin Society", "Urban Gym",
                   "Peak Performance"],
        "user": ["Joined {v} down the road.", "Cancelled my old membership and signed up at {v}.",
                 "Working out at {v} these days.", "My new gym is {v}.", "Got my membership card for {v}.",
                 "Did my first class at {v} tonight.", "Switched gyms, I train at {v} now.",
                 "{v} has a great sauna, glad I moved my membership there.", "Booked a personal trainer at {v}.",
                 "Morning sessions at {v} before work from now on.", "Paid the annual fee at {v}.",
                 "The induction at {v} was today."],
        "other": ["{who} joined {v}.", "{who} trains at {v} now.", "{who} signed up at {v}.",
                  "{who} goes to {v} these days."],
        "now": ["Which gym does the user go to?", "Where does the user work out now?",
                "What gym is the user a member of currently?", "Where does the user train these days?",
                "Which gym does the user currently attend?", "Where does the user exercise now?",
                "What's the user's gym?", "Which fitness club is the user in these days?"],
        "before": ["Which gym did the user go to before?", "Where did the user use to work out?",
                   "What was the user's previous gym?", "Where did the user train previously?"],
        "year": ["Which gym did the user go to in {year}?", "Where did the user work out in {year}?"],
        "other_q": ["Which gym does the user's {rel} go to?", "Where does the user's {rel} work out now?"],
    },
    "car": {
        "values": ["Toyota Corolla", "Honda Civic", "VW Golf", "Tesla Model 3", "Mazda 3", "Skoda Octavia",
                   "Kia Niro", "Ford Focus", "Renault Clio", "Volvo XC40", "Subaru Outback", "Peugeot 208",
                   "Hyundai Kona", "BMW i3", "Fiat 500", "Nissan Leaf"],
        "user": ["Bought a used {v}.", "Traded in the old car for a {v}.", "Picked up our new {v} from the dealer.",
                 "I drive a {v} now.", "Sold the hatchback and got a {v}.",
                 "Test drove a {v} and signed the papers the same day.",
                 "The {v} is parked outside, still has that new-car smell.", "Leased a {v} for the next three years.",
                 "My {v} got its first service today.", "Finally have a car again: a {v}.",
                 "Insured the {v} this morning.", "Drove the {v} home from the showroom."],
        "other": ["{who} bought a {v}.", "{who} drives a {v} now.", "{who} traded up to a {v}.",
                  "{who} leased a {v}."],
        "now": ["What car does the user drive?", "Which car does the user have now?",
                "What is the user driving these days?", "What vehicle does the user currently own?",
                "What's the user's car?", "Which car is the user driving now?",
                "What kind of car does the user have currently?", "What does the user drive these days?"],
        "before": ["What car did the user drive before?", "Which car did the user use to have?",
                   "What was the user's previous car?", "What did the user drive previously?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?"],
        "other_q": ["What car does the user's {rel} drive?", "Which car does the user's {rel} have now?"],
    },
    "partner": {
        "values": ["Sofia", "Daniel", "Marta", "Lucas", "Chloe", "Ethan", "Ines", "Noah", "Freya", "Omar",
                   "Leila", "Jonas", "Greta", "Mateo", "Yuki", "Aaron"],
        "user": ["I'm seeing someone new, {v}.", "{v} and I have been dating for a month now.",
                 "Went on a third date with {v}, I think this is serious.",
                 "Introduced {v} to my parents as my partner.", "Moved in with my partner {v}.",
                 "Anniversary dinner with {v} tonight.", "My girlfriend {v} surprised me with concert tickets.",
                 "My boyfriend {v} cooked dinner for us.", "Got engaged to {v}!",
                 "{v} is my partner now, we met at a friend's party.",
                 "Spending the weekend away with {v}, my other half.", "Officially together with {v} since Friday."],
        "other": ["{who} is dating {v}.", "{who} got engaged to {v}.", "{who} has a new partner, {v}.",
                  "{who} moved in with {v}."],
        "now": ["Who is the user dating?", "Who is the user's partner now?",
                "Who is the user currently in a relationship with?", "Who is the user seeing these days?",
                "What is the name of the user's partner?", "Who is the user's significant other?",
                "Who is the user going out with now?", "Who is the user's girlfriend or boyfriend currently?"],
        "before": ["Who did the user date before?", "Who was the user's previous partner?",
                   "Who did the user use to go out with?", "Who was the user seeing previously?"],
        "year": ["Who was the user dating in {year}?", "Who was the user's partner in {year}?"],
        "other_q": ["Who is the user's {rel} dating?", "Who is the user's {rel}'s partner now?"],
    },
    "food": {
        "values": ["ramen", "tacos", "sushi", "paella", "pho", "falafel", "lasagne", "dumplings", "biryani",
                   "pad thai", "poke bowls", "shakshuka", "pierogi", "burritos", "laksa", "gnocchi"],
        "user": ["My favourite food these days is {v}.", "I can't get enough of {v} lately.",
                 "Obsessed with {v} right now.", "Nothing beats {v}, my new favourite.",
                 "I'd eat {v} every day if I could.", "Found the best {v} spot, it's my go-to meal now.",
                 "{v} has become my comfort food.", "Learned to make {v} at home, I love it.",
                 "If you ask me my favourite dish, it's {v}.", "Third time this week having {v}, no regrets.",
                 "Craving {v} again, my absolute favourite.", "{v} is my top food now."],
        "other": ["{who} is obsessed with {v}.", "{who} says {v} is their favourite food.",
                  "{who} can't stop eating {v}.", "{who} loves {v} these days."],
        "now": ["What is the user's favourite food?", "What food does the user love now?",
                "What is the user's favourite dish these days?", "What does the user currently like to eat most?",
                "What's the user's go-to meal?", "Which food is the user into now?",
                "What does the user crave these days?", "What is the user's top food currently?"],
        "before": ["What was the user's favourite food before?", "What food did the user use to love?",
                   "What was the user's previous favourite dish?", "What did the user like to eat most previously?"],
        "year": ["What was the user's favourite food in {year}?", "What dish did the user love in {year}?"],
        "other_q": ["What is the user's {rel}'s favourite food?", "What food does the user's {rel} love now?"],
    },
    "team": {
        "values": ["Arsenal", "the Lakers", "Benfica", "the Yankees", "Ajax", "the Packers", "Celtic",
                   "the Warriors", "Juventus", "the Cubs", "Sporting", "the Broncos", "Bayern", "the Raptors",
                   "Feyenoord", "the Red Sox"],
        "user": ["I support {v} now.", "Became a season ticket holder for {v}.",
                 "Bought a jersey of {v}, I'm a fan now.", "Watching {v} every weekend, they're my team.",
                 "Converted: I cheer for {v} these days.", "Signed up for the supporters' club of {v}.",
                 "My team is {v}.", "Painted my face for the game, go {v}!", "Got my kid into {v} too.",
                 "Following {v} closely this season, my team now.", "Joined the fan forum of {v}.",
                 "Screamed at the TV when {v} scored, total fan."],
        "other": ["{who} supports {v}.", "{who} became a fan of {v}.", "{who} got season tickets for {v}.",
                  "{who} cheers for {v} now."],
        "now": ["Which team does the user support?", "What team is the user a fan of now?",
                "Which team does the user currently cheer for?", "Who does the user root for these days?",
                "What's the user's team?", "Which club does the user follow now?",
                "What sports team does the user support currently?", "Which team is the user into these days?"],
        "before": ["Which team did the user support before?", "What team did the user use to cheer for?",
                   "Which was the user's previous team?", "Which team did the user follow previously?"],
        "year": ["Which team did the user support in {year}?", "What team was the user a fan of in {year}?"],
        "other_q": ["Which team does the user's {rel} support?", "What team is the user's {rel} a fan of?"],
    },
    "class": {
        "values": ["Spanish", "pottery", "salsa", "guitar", "Python programming", "photography", "Japanese",
                   "woodworking", "watercolour", "piano", "Italian cooking", "Arabic", "calligraphy",
                   "jazz singing", "sewing", "chess"],
        "user": ["Signed up for {v} classes.", "Started a {v} course on Tuesday evenings.",
                 "Enrolled in {v} at the community college.", "First {v} lesson tonight, nervous!",
                 "Taking {v} lessons now.", "Paid for a term of {v}.", "My {v} teacher says I'm improving.",
                 "Homework for my {v} class tonight.", "Switched from my old course to {v}.",
                 "Learning {v} twice a week.", "Bought supplies for {v} class.",
                 "Joined a {v} workshop that runs all term."],
        "other": ["{who} is taking {v} classes.", "{who} signed up for {v}.", "{who} started learning {v}.",
                  "{who} enrolled in a {v} course."],
        "now": ["What class is the user taking?", "What is the user learning now?",
                "Which course is the user currently enrolled in?", "What lessons is the user taking these days?",
                "What is the user studying now?", "What course does the user attend?",
                "Which class does the user go to currently?", "What is the user taking lessons in these days?"],
        "before": ["What class did the user take before?", "What did the user use to study?",
                   "What was the user's previous course?", "What lessons did the user take previously?"],
        "year": ["What class was the user taking in {year}?", "What was the user learning in {year}?"],
        "other_q": ["What class is the user's {rel} taking?", "What is the user's {rel} learning now?"],
    },
}

# Other people: (relation, name); split by position like the rest.
PEOPLE = [("sister", "Anna"), ("brother", "Felix"), ("colleague", "Tom"), ("cousin", "Maya"),
          ("friend", "Priya"), ("boss", "Ruth"), ("neighbour", "Gareth"), ("flatmate", "Kofi")]
WHO = ["My {rel} {name}", "{name}, my {rel},", "My {rel}"]

# Everyday filler (shared by both splits): opener + activity + ending, and topic
# lines that name a slot's subject without a value.
OPENERS = ["Spent the afternoon", "Took an hour", "Finally found time for", "Wasted the evening",
           "Used my lunch break", "Started the day", "Ended the day", "Passed the morning", "Killed time",
           "Spent Sunday", "Spent a rainy hour", "Made time for", "Lost track of time", "Got distracted",
           "Relaxed for a while"]
ACTIVITIES = ["reading a thriller", "fixing the leaky tap", "sorting old photos", "baking banana bread",
              "doing the laundry", "answering emails", "watching a documentary about whales",
              "repotting the basil", "cleaning the windows", "writing postcards", "listening to vinyl",
              "assembling a bookshelf", "doing a jigsaw puzzle", "knitting a scarf", "ironing shirts",
              "planning the holidays", "paying the bills", "calling grandma", "tidying the garage",
              "painting the fence", "mending a jacket", "playing board games", "learning card tricks",
              "organising the spice rack", "defrosting the freezer", "browsing a flea market",
              "walking along the river", "feeding the ducks", "picking blackberries", "sketching the skyline",
              "practising handstands", "building a birdhouse", "making lemonade", "polishing shoes",
              "sorting the recycling", "cleaning the oven", "updating my budget spreadsheet",
              "writing in my journal", "watching old sitcoms", "doing crosswords", "hanging up pictures",
              "trimming the hedge", "shopping for socks", "returning library books", "washing the windows",
              "making soup", "ordering new curtains", "replacing a light bulb", "folding towels",
              "unclogging the sink", "grouting the bathroom tiles", "sweeping the patio",
              "labelling storage boxes", "watering the tomatoes", "making a playlist", "fixing a bike puncture",
              "stargazing", "reading the newspaper", "writing a shopping list", "napping on the sofa"]
ENDINGS = ["", " and it felt great", " before the rain started", " while listening to a podcast",
           " with a big mug of tea", " instead of sleeping", " which took forever", " for no real reason",
           " and regretted nothing", " like a proper adult", " with the radio on", " after a long week",
           " in total silence", " while it snowed outside", " and then had a nap"]
TOPICS = {
    "home": ["The rent went up again.", "Need to fix the squeaky door at home.", "Hoovered the whole flat.",
             "The neighbours had a party till 2am."],
    "employer": ["Long meeting at work today.", "My manager liked the report.", "Working late again.",
                 "Team lunch at the office."],
    "phone": ["My phone battery died at lunch.", "Cracked my phone screen protector.", "Need a new phone case.",
              "Too much screen time on my phone this week."],
    "dog": ["The dog needs a bath.", "Bought dog food in bulk.", "Vet appointment for the dog next week.",
            "The dog barked at the postman again."],
    "gym": ["Leg day at the gym, can barely walk.", "The gym was packed tonight.", "Skipped the gym, too tired.",
            "Forgot my towel at the gym."],
    "car": ["Filled up the car.", "The car needs new tyres.", "Parking in town is a nightmare.",
            "Washed the car for once."],
    "partner": ["Date night tonight.", "Planning a surprise for my partner's birthday.",
                "Little argument about the dishes, all good now.", "Cosy movie night at home with my partner."],
    "food": ["Tried a new recipe for dinner.", "Ordered takeaway again.", "Meal prepped for the week.",
             "Too full to move after lunch."],
    "team": ["Big match on Saturday.", "The referee was terrible tonight.", "Transfer rumours everywhere.",
             "Lost the match in extra time, gutted."],
    "class": ["Practised for an hour after class.", "Homework is piling up.", "The teacher was off sick.",
              "Class ran late tonight."],
}
TAILS = ["", " Again.", " Typical.", " Oh well.", " Classic Monday.", " Ugh.", " Fine by me.", " As usual.",
         " Not ideal.", " Could be worse.", " Whatever.", " Noted.", " Sigh.", " Later than planned.",
         " Same as last week.", " Busy day.", " Long day.", " Good day overall.", " Tired now.", " Weird week."]


def split_half(items: list, split: str) -> list:
    """The split's half of a list: even positions for dev, odd for check."""
    return items[0 if split == "dev" else 1::2]


def _when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    seconds = int((hi - lo).total_seconds())
    return (lo + timedelta(seconds=rng.randrange(seconds))).replace(second=0)


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The values one subject holds in a slot, with the dates they were stated:
    the first in autumn 2024, each change in a different month of 2025."""
    first = _when(rng, datetime(2024, 9, 3, 8, tzinfo=timezone.utc), datetime(2024, 12, 15, tzinfo=timezone.utc))
    months = sorted(rng.sample(range(1, 10), changes))
    dates = [first] + [_when(rng, datetime(2025, m, 2, 8, tzinfo=timezone.utc),
                             datetime(2025, m, 27, 21, tzinfo=timezone.utc)) for m in months]
    return list(zip(values, dates))


def _kind(question: str) -> str:
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), (str(FIRST_YEAR), f"in {FIRST_YEAR}")):
        if word in q:
            return kind
    return "plain"


def generate(size: int, split: str = "dev", user: int = 0, seed: int = 0) -> dict:
    """One simulated user's store (memories in date order, each labelled with the
    subject, slot and value it states, if any) and its questions. Deterministic
    in (size, split, user, seed)."""
    rng = random.Random(f"knowledge-updates/{split}/{seed}/{user}")
    memories: list[dict] = []

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        memories.append({"content": content, "created": _iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    people = split_half(PEOPLE, split)
    for slot, spec in SLOTS.items():
        values = rng.sample(split_half(spec["values"], split), 8)
        chain = _chain(rng, values[:4], rng.choice((2, 3)))
        for index, (value, when) in enumerate(chain):
            template = rng.choice(split_half(spec["user"], split))
            add(template.format(v=value), when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(split_half(spec["now"], split), 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(split_half(spec["before"], split)), "subject": "user",
                          "slot": slot, "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(split_half(spec["year"], split)).format(year=FIRST_YEAR),
                          "subject": "user", "slot": slot, "tense": "before", "gold": 0, "values": chain_values})
    for rel, name in people:  # other people: three slots each, values the user never held
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            user_values = {m["fact"]["value"] for m in memories
                           if m.get("fact", {}).get("subject") == "user" and m["fact"]["slot"] == slot}
            pool = [v for v in split_half(spec["values"], split) if v not in user_values]
            chain = _chain(rng, rng.sample(pool, 3), rng.choice((1, 2)))
            for index, (value, when) in enumerate(chain):
                who = rng.choice(WHO).format(rel=rel, name=name)
                text = rng.choice(spec["other"]).format(who=who, v=value)
                add(text[0].upper() + text[1:], when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(split_half(spec["other_q"], split)).format(rel=rel),
                              "subject": rel, "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    seen = {m["content"] for m in memories}
    attempts = 0
    while len(memories) < size and attempts < size * 20:
        attempts += 1
        if rng.random() < 0.15:
            text = rng.choice(TOPICS[rng.choice(sorted(TOPICS))]) + rng.choice(TAILS)
        else:
            opener, activity = rng.choice(OPENERS), rng.choice(ACTIVITIES)
            text = f"{opener} {activity}{rng.choice(ENDINGS)}."
        if text not in seen:
            seen.add(text)
            add(text, _when(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = _kind(q["question"])
    return {"split": split, "user": user, "seed": seed, "now": _iso(NOW), "memories": memories,
            "questions": questions}


# --- running it --------------------------------------------------------------

def run_script(script: str, args: list[str], env: dict, stdin: bytes | None = None) -> dict:
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / script), "--json", *args], input=stdin,
                            capture_output=True, env=env)
    if result.returncode != 0:
        raise SystemExit(f"{script} failed: {result.stderr.decode()[:500]}")
    return json.loads(result.stdout)


def _label(memory: dict) -> tuple | None:
    fact = memory.get("fact")
    return (fact["subject"], fact["slot"], fact["index"]) if fact else None


def _previous(data: dict) -> dict[int, int]:
    """{position of a change in data["memories"]: position of the value it replaced}."""
    where = {_label(m): at for at, m in enumerate(data["memories"]) if _label(m)}
    return {at: where[(s, slot, index - 1)] for (s, slot, index), at in where.items()
            if index > 0 and (s, slot, index - 1) in where}


def build_store(data: dict, root: Path, store: str = "semantic", supersede: str = "read") -> dict:
    """A fresh workspace holding `data`'s memories, imported through the CLI
    with their dates: its root, the environment to ask it in, and each memory
    id's fact label (subject, slot, index) where it states one; the ids in the
    order of `data["memories"]`. `supersede` "stated": every change names the
    value it replaces (`supersedes`), imported in rounds by its place in its
    chain (the first values and the rest, then the first changes, ...);
    "agent": replayed in date order by an agent given candidates (agent_replay)."""
    env = {**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": data["now"]}
    subprocess.run([sys.executable, "-S", str(SCRIPTS / "init.py")], env=env, check=True, capture_output=True)
    memories = data["memories"]
    if supersede == "agent":
        ids, offers = agent_replay(data, root, store)
    else:
        previous = _previous(data) if supersede == "stated" else {}
        rounds: dict[int, list[int]] = {}
        for at, memory in enumerate(memories):
            rounds.setdefault(_label(memory)[2] if at in previous else 0, []).append(at)
        ids: list = [None] * len(memories)
        for _index, positions in sorted(rounds.items()):
            rows = [{"content": memories[at]["content"], "created": memories[at]["created"], "store": store,
                     **({"supersedes": ids[previous[at]]} if at in previous else {})} for at in positions]
            out = run_script("remember.py", ["--jsonl", "-"], env, stdin="\n".join(json.dumps(r) for r in rows).encode())
            for at, memory_id in zip(positions, out["ids"]):
                ids[at] = memory_id
        offers = []
    if len(set(ids)) != len(memories):
        raise SystemExit("knowledge_updates.py: an import merged memories (a duplicate in the generator)")
    facts = {memory_id: _label(m) for memory_id, m in zip(ids, memories) if "fact" in m}
    return {"root": root, "env": env, "facts": facts, "ids": ids, "offers": offers}


def agent_replay(data: dict, root: Path, store: str) -> tuple[list[str], list[dict]]:
    """The memories remembered in date order, in-process: the others in one transaction per run
    between two changes, each change alone (as remember.py stores one memory), after which an
    oracle agent supersedes the old value when remember's candidates offer it (supersede.py's
    library call). Returns the ids (in data's order) and, per change, {subject, offered, linked}."""
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    from hippocampus.lifecycle.remember import remember_committed, remember_many
    from hippocampus.lifecycle.supersede import supersede_ids
    from hippocampus.store.workspace import Workspace
    from hippocampus.text.timeutil import parse_time
    workspace = Workspace.open(root, parse_time(data["now"]))
    memories, previous = data["memories"], _previous(data)
    order = sorted(range(len(memories)), key=lambda at: memories[at]["created"])
    ids: list = [None] * len(memories)
    offers, waiting = [], []

    def flush() -> None:
        if waiting:
            with workspace.transaction("bot:remember", "remember") as tx:
                results = remember_many(tx, [(n, {"content": memories[at]["content"], "created": memories[at]["created"],
                                                  "store": store}) for n, at in enumerate(waiting, 1)])
            for at, result in zip(waiting, results):
                ids[at] = result["id"]
            waiting.clear()

    for at in order:
        if at not in previous:
            waiting.append(at)
            continue
        flush()  # (the value it replaces among them)
        result, _memory = remember_committed(workspace, memories[at]["content"], store=store,
                                             created=parse_time(memories[at]["created"]))
        ids[at] = result["id"]
        old = ids[previous[at]]
        offered = old in [c["id"] for c in result.get("candidates") or ()]
        if offered:
            with workspace.transaction("bot:supersede", "supersede") as tx:
                supersede_ids(tx, result["id"], [old])
        offers.append({"subject": _label(memories[at])[0], "offered": offered,
                       "linked": old in (result.get("supersedes") or ())})
    flush()
    return ids, offers


def recaller(mode: str, store: dict):
    """question -> the ids of the top 10 results: through recall.py (cli) or in-process (library)."""
    if mode == "cli":
        return lambda q: [r["id"] for r in run_script("recall.py", ["--top", str(TOP), "--", q], store["env"])["results"]]
    sys.path.insert(0, str(SCRIPTS))
    from hippocampus.recall.search import recall
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace
    workspace = Workspace.open(store["root"], parse_time(store["env"]["HIPPOCAMPUS_NOW"]))
    return lambda q: [r["id"] for r in recall(workspace, q, top=TOP)]


def score(question: dict, ranked: list[str], facts: dict) -> dict:
    """One question's outcome from the ranked ids: where its gold memory is, and
    whether an outdated value of the same subject and slot ranks above it."""
    subject, slot, gold = question["subject"], question["slot"], question["gold"]
    ranks = {}
    for rank, memory_id in enumerate(ranked):
        label = facts.get(memory_id)
        if label and label[0] == subject and label[1] == slot:
            ranks.setdefault(label[2], rank)
    gold_rank = ranks.get(gold, len(ranked))
    out = {"at1": gold_rank == 0, "at5": gold_rank < 5}
    if question["tense"] == "now":
        out["stale_above"] = any(index < gold and rank < gold_rank for index, rank in ranks.items())
    return out


def chosen_questions(data: dict, limit: int | None = None) -> list[dict]:
    """The questions to ask: all, or a seeded sample of `limit` of them in their order."""
    questions = data["questions"]
    if limit is None or limit >= len(questions):
        return questions
    keep = set(random.Random(f"questions/{data['split']}/{data['user']}").sample(range(len(questions)), limit))
    return [q for i, q in enumerate(questions) if i in keep]


def evaluate(data: dict, ask, facts: dict, limit: int | None = None) -> list[dict]:
    return [{**q, **score(q, ask(q["question"]), facts)} for q in chosen_questions(data, limit)]


def summary(rows: list[dict]) -> dict:
    now = [r for r in rows if r["tense"] == "now"]
    before = [r for r in rows if r["tense"] == "before"]
    share = lambda part, key: round(sum(r[key] for r in part) / len(part), 3) if part else None  # noqa: E731
    return {"now_questions": len(now), "current@1": share(now, "at1"), "current@5": share(now, "at5"),
            "stale_above": share(now, "stale_above"), "before_questions": len(before),
            "before@5": share(before, "at5")}


OTHER_SETS = ("blind1", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10",
              "blind11", "blind12", "blind13", "blind14", "blind15", "blind16", "blind17", "blind18",
              "blind19")  # bench/ku_sets/: other authors' phrasings, slots and people


def generator(split: str):
    """generate(size, user, seed) for a split: dev and check here, the other sets from bench/ku_sets/."""
    if split in ("dev", "check"):
        return lambda size, user, seed: generate(size, split, user, seed)
    import importlib
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:  # (the sets import this module by name, as a script run from bench/ does)
        sys.path.insert(0, here)
    module = importlib.import_module(f"ku_sets.{split}")
    if hasattr(module, "self_check"):
        import contextlib
        with contextlib.redirect_stdout(sys.stderr):  # (some sets' checks print; stdout is the report)
            module.self_check()
    return module.generate


def failure(question: dict, ranked: list[str], facts: dict) -> str:
    """What kept a now-question's current memory from rank 1: the label of what is there."""
    gold = (question["subject"], question["slot"], question["gold"])
    if not any(facts.get(i) == gold for i in ranked):
        older = any((facts.get(i) or ("", "", 99))[:2] == gold[:2] and facts[i][2] < gold[2] for i in ranked)
        return "not in the top 10, an older value in" if older else "not in the top 10, no older value in"
    top = facts.get(ranked[0]) if ranked else None
    if top is None:
        return "filler above"
    subject, slot, index = top
    if (subject, slot) == gold[:2]:
        return "an older value above" if index < gold[2] else "another value of the chain above"
    if slot == question["slot"]:
        return "another subject's value of the slot above"
    return "the same subject's other slot above" if subject == question["subject"] else "another fact above"


def offer_summary(offers: list[dict]) -> dict:
    """Of the changes remembered: how often remember offered the old value, the reader linked it, either."""
    share = lambda part, test: round(sum(map(test, part)) / len(part), 3) if part else None  # noqa: E731
    return {"changes": len(offers), "offered": share(offers, lambda o: o["offered"]),
            "linked": share(offers, lambda o: o["linked"]),
            "recall@3": share(offers, lambda o: o["offered"] or o["linked"])}


def run(sizes: list[int], split: str, users: int, seed: int, mode: str, store: str,
        limit: int | None = None, show_failures: bool = False, supersede: str = "read") -> dict:
    report: dict = {"split": split, "seed": seed, "users": users, "mode": mode, "store": store,
                    "supersede": supersede, "sizes": {}}
    make = generator(split)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # a background git repack may still run
        for size in sizes:
            rows: list[dict] = []
            memories = 0
            failures: dict[str, int] = {}
            offers: list[dict] = []
            for user in range(users):
                data = make(size, user, seed)
                memories = max(memories, len(data["memories"]))
                built = build_store(data, Path(tmp) / f"{size}-{user}", store, supersede)
                offers += built["offers"]
                ask, asked = recaller(mode, built), {}

                def remembering(question: str, ask=ask, asked=asked) -> list[str]:
                    asked[question] = ask(question)
                    return asked[question]

                user_rows = evaluate(data, remembering, built["facts"], limit)
                text = dict(zip(built["ids"], (m["content"] for m in data["memories"])))
                for row in user_rows:
                    if row["tense"] != "now" or row["at1"]:
                        continue
                    why = failure(row, asked[row["question"]], built["facts"])
                    failures[why] = failures.get(why, 0) + 1
                    if show_failures:
                        gold = next(i for i, f in built["facts"].items()
                                    if f == (row["subject"], row["slot"], row["gold"]))
                        print(f"[{why}] {row['question']}\n   current: {text[gold]}", file=sys.stderr)
                        for memory_id in asked[row["question"]][:3]:
                            print(f"   - {text[memory_id]}  {built['facts'].get(memory_id) or ''}", file=sys.stderr)
                rows += user_rows
            kinds = sorted({r["kind"] for r in rows})
            report["sizes"][str(size)] = {
                "memories": memories,
                "user": summary([r for r in rows if r["subject"] == "user"]),
                "others": summary([r for r in rows if r["subject"] != "user"]),
                "by_kind": {k: summary([r for r in rows if r["subject"] == "user" and r["kind"] == k])
                            for k in kinds},
                "by_slot": {s: summary([r for r in rows if r["subject"] == "user" and r["slot"] == s])
                            for s in sorted({r["slot"] for r in rows})},
                "failures": dict(sorted(failures.items(), key=lambda kv: -kv[1])),
            }
            if supersede == "agent":
                report["sizes"][str(size)]["candidates"] = {
                    "user": offer_summary([o for o in offers if o["subject"] == "user"]),
                    "others": offer_summary([o for o in offers if o["subject"] != "user"])}
    return report


def table(report: dict) -> str:
    lines = ["| memories | questions about | now questions | current@1 | current@5 | stale-above | "
             "before questions | before@5 |", "|---|---|---|---|---|---|---|---|"]
    fmt = lambda v: "" if v is None else f"{v:.3f}"  # noqa: E731
    for size, part in report["sizes"].items():
        for who in ("user", "others"):
            s = part[who]
            lines.append(f"| {part['memories']:,} | {who} | {s['now_questions']} | {fmt(s['current@1'])} | "
                         f"{fmt(s['current@5'])} | {fmt(s['stale_above'])} | {s['before_questions'] or ''} | "
                         f"{fmt(s['before@5'])} |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--split", choices=("dev", "check", *OTHER_SETS), default="dev",
                   help="dev and check: this file's halves; blind1-19: sets other sessions wrote (bench/ku_sets/)")
    p.add_argument("--sizes", default="100,1000", help="store sizes, comma-separated (10000 is opt-in)")
    p.add_argument("--users", type=int, default=4, help="simulated users (one store each) per size")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--mode", choices=("cli", "library"), default="cli")
    p.add_argument("--store", choices=("semantic", "episodic"), default="semantic")
    p.add_argument("--supersede", choices=("read", "stated", "agent"), default="read",
                   help="read: the reader finds what changed; stated: every change names the value it replaces; "
                        "agent: an agent supersedes the old value when remember's candidates offer it")
    p.add_argument("--questions", type=int, help="ask only a seeded sample of this many questions per user")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--dump", action="store_true", help="print the generated data (first size, user 0) and stop")
    p.add_argument("--failures", action="store_true", help="print each now-question missed at rank 1 (stderr)")
    args = p.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if args.dump:
        print(json.dumps(generator(args.split)(sizes[0], 0, args.seed), indent=1))
        return
    started = time.perf_counter()
    report = run(sizes, args.split, args.users, args.seed, args.mode, args.store, args.questions, args.failures,
                 args.supersede)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"Knowledge updates, split {args.split}, seed {args.seed}, {args.users} users per size, "
          f"store {args.store}, mode {args.mode}, changes {args.supersede}")
    print(table(report))
    for size, part in report["sizes"].items():
        kinds = ", ".join(f"{k} {v['current@1'] if v['now_questions'] else v['before@5']:.3f}"
                          for k, v in part["by_kind"].items())
        print(f"{part['memories']:,} memories, the user's questions by kind (now: current@1; before: before@5): {kinds}")
        print(f"{part['memories']:,} memories, now-questions missed at rank 1: "
              + (", ".join(f"{k} {v}" for k, v in part["failures"].items()) or "none"))
        for who, c in part.get("candidates", {}).items():
            if c["changes"]:
                print(f"{part['memories']:,} memories, {'the user' if who == 'user' else 'the others'}: {c['changes']} changes, old value offered {c['offered']:.3f}, "
                      f"linked by the reader {c['linked']:.3f}, candidate recall@3 {c['recall@3']:.3f}")
    print(f"wall time {report['wall_seconds']} s")


if __name__ == "__main__":
    main()
