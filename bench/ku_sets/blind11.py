"""Knowledge-update set blind11: long, chatty, rambling messages, facts mid-sentence, some in non-native English.

Written by a helper session on 2026-12-02 that read none of the project's code, benches, tests or other
sets (only the data format it was given). Held out: measured at f06426a (before text/mentions.py) and once
at the end of the session of 2026-12-02; nobody has read its misses or its templates.

    python3 bench/knowledge_updates.py --split blind11 --mode library

The author's own description:
blind11 knowledge-update benchmark generator ("chatty ramblers").

Simulates users of an AI agent who write long, rambling, casual messages over a
year (Sep 2024 .. Sep 2025).  Facts about the user (and four other people) change
two or three times; questions ask for the current value, the previous value, or
the value in 2024.

Interface:  generate(size, user=0, seed=0) -> dict   (see README in the brief)
Python 3.11 stdlib only.

Note on tiny sizes: the fact memories alone number roughly 55-75.  If `size` is
smaller than that, whole (subject, slot) fact groups are dropped (other people's
first, then the user's, last-generated first) together with their questions, so
that exactly `size` memories are returned and every question still refers to a
complete fact chain.  For size >= the fact count nothing is dropped, and the
facts/questions are identical for every size (filler is generated last).
"""

from __future__ import annotations

import re
import random
from datetime import datetime, timedelta, timezone

START = datetime(2024, 9, 1, tzinfo=timezone.utc)
NOW = datetime(2025, 10, 1, 9, 0, tzinfo=timezone.utc)
FIRST_YEAR = 2024
FIRST_END = datetime(2024, 12, 15, 23, 59, 59, tzinfo=timezone.utc)  # "mid December"
SPLIT = "blind11"

# ---------------------------------------------------------------------------
# Slots
# ---------------------------------------------------------------------------

SLOTS: dict[str, dict] = {}

SLOTS["home_city"] = {
    "values": ["Porto", "Lisbon", "Valencia", "Leeds", "Bristol", "Glasgow", "Rotterdam", "Ghent",
               "Krakow", "Lyon", "Bologna", "Dublin", "Edinburgh", "Gdansk", "Utrecht", "Seville"],
    "user": [
        "can't believe we've been in {v} three months already, the time just disappears and I still haven't unpacked the last box of books",
        "So the weather in {v} today was actually gorgeous, I walked along the water for ages after work and ended up eating chips on a bench like a teenager",
        "I am living now in {v} since some weeks and honestly the bakeries here are dangerous for my wallet",
        "Quick one: still settling into life in {v}, the buses confuse me but the people are lovely",
        "Had my first proper night out since landing in {v}, someone from work dragged me to a tiny jazz bar and I didn't get home till two",
        "My mum keeps asking when she can come and visit me in {v}, I keep telling her to wait until I own a sofa!",
        "Registered with the town hall here in {v} finally, the paperwork was endless but it's done, I officially exist",
        "After the whole saga with the lease in {p} we finally packed the van and drove to {v}, twelve hours with the cat yowling in the back",
        "Big news buried under all the chaos: we left {p} last weekend and we're in {v} now, the new flat smells of fresh paint",
        "I moved from {p} to {v} at the start of the month, sorry I was quiet, it was all boxes and tears and pizza",
        "Goodbye {p}, hello {v}! Well, not literally hello, it's raining, but you know what I mean",
        "Since two weeks I am in {v}, the contract in {p} finished and I didn't want to stay there alone",
        "Remember how I was always moaning about {p}? Well, I'm done moaning, we relocated to {v} and my commute is ten minutes",
        "Moved. {v} now. {p} was getting too expensive.",
    ],
    "now": [
        "Where does the user live now?",
        "Which city is the user currently based in?",
        "What city does the user call home these days?",
        "In which city does the user live at the moment?",
        "Which city does the user live in?",
        "user home city current",
        "In which city is living the user now?",
        "Sorry, remind me, which town is the user living in these days?",
    ],
    "before": [
        "Where did the user live before?",
        "Which city was the user living in previously?",
        "Which city did the user use to live in?",
        "In which city was the user living before the last move?",
    ],
    "year": [
        "Which city did the user live in in {year}?",
        "Where was the user living back in {year}?",
        "In {year}, in which city the user was living?",
    ],
    "other": [
        "{who} has moved to {v}, says the rent is half of what it was",
        "{who} just got the keys to a place in {v}",
        "{who} is living in {v} now and keeps sending me photos of the river",
        "{who} packed up and went to {v} for a fresh start",
    ],
    "other_q": [
        "Which city does the user's {rel} live in now?",
        "Where is the user's {rel} currently living?",
        "In which city is the user's {rel} living these days?",
    ],
}

SLOTS["employer"] = {
    "values": ["Siemens", "Deloitte", "Unilever", "Accenture", "Ocado", "Spotify", "Philips", "Heineken",
               "Zalando", "Bosch", "Capgemini", "Arup", "Ericsson", "Roche", "Dyson", "Atlassian"],
    "user": [
        "I am now since two weeks at {v} and I still don't know where is the coffee machine",
        "work at {v} has been mental this week, three deadlines, two of them moved forward, and my manager is off sick",
        "The onboarding at {v} is so long, day four and I'm still watching compliance videos about fire doors",
        "Got my first payslip from {v} today, treated myself to sushi, then immediately regretted the price",
        "Honestly the canteen at {v} is the best part of the job, they do a curry on Thursdays that I would marry",
        "So I signed the contract with {v} yesterday, starting properly on Monday, nervous but excited",
        "After four years at {p} I finally handed in my notice, and I start at {v} in two weeks",
        "Long story, but the restructure at {p} pushed me out and a recruiter got me into {v}, so every cloud and all that",
        "I left {p}. I'm at {v} now. Don't ask, I'll tell you over wine",
        "First week at {v} done! So different from {p}, people actually answer emails here",
        "Since beginning of the month I work for {v}, not anymore for {p}, the salary is better and the team is nice",
        "You know how I was going to stay at {p} forever? Ha. {v} made me an offer I couldn't refuse",
        "New job: {v}. Leaving {p} felt weird but right.",
    ],
    "now": [
        "Where does the user work now?",
        "Which company is the user currently employed by?",
        "Who is the user's employer these days?",
        "Which company does the user work for at the moment?",
        "Who does the user work for?",
        "user employer current",
        "For which company the user works now?",
        "Remind me, where is the user working these days?",
    ],
    "before": [
        "Where did the user work before?",
        "Which company did the user previously work for?",
        "Who did the user use to work for?",
        "For which company was the user working before this job?",
    ],
    "year": [
        "Which company did the user work for in {year}?",
        "Who was the user's employer in {year}?",
        "In {year}, where the user was working?",
    ],
    "other": [
        "{who} has started a new job at {v}",
        "{who} got hired by {v}, some kind of project manager role",
        "{who} is working for {v} now and is already complaining about the hours",
        "{who} just accepted an offer from {v}",
    ],
    "other_q": [
        "Where does the user's {rel} work now?",
        "Which company is the user's {rel} currently working for?",
        "Who employs the user's {rel} these days?",
    ],
}

SLOTS["phone"] = {
    "values": ["iPhone 13", "iPhone 15", "iPhone 16", "Pixel 7a", "Pixel 9", "Galaxy S23", "Galaxy S24",
               "Galaxy A54", "OnePlus 12", "Xperia 10", "Moto G84", "Fairphone 5", "Nokia G42", "Xiaomi 14",
               "Galaxy Z Flip5", "Oppo Find X5"],
    "user": [
        "the {v}'s battery is playing up, it was at forty percent at lunch and dead by four",
        "Dropped the {v} on the bathroom tiles this morning, the screen survived, my heart did not",
        "Took some lovely photos of the sunset with the {v}, the night mode is unreal",
        "I have the {v} now since Saturday and I still don't find how to turn off the vibration for messages",
        "Spent the whole evening setting up the {v}, moving apps, logging in to everything, so boring",
        "Bought a case for the {v}, green, because every other colour was sold out",
        "my old {p} finally died in the rain so I caved and bought a {v}",
        "Traded in the {p} and got a {v}, the shop gave me barely anything for it but whatever",
        "Switched from the {p} to a {v}, I still keep swiping the wrong way",
        "After the {p} kept freezing I gave up and ordered the {v}, it arrived today!",
        "New phone is the {v}, the {p} I gave to my nephew",
        "Upgrade day: {p} out, {v} in.",
        "Finally said goodbye to my {p}, I am using a {v} since yesterday and the camera is much more better",
    ],
    "now": [
        "What phone does the user have now?",
        "Which phone model is the user currently using?",
        "What phone is the user using these days?",
        "What smartphone does the user have at the moment?",
        "Which phone does the user own?",
        "user phone model current",
        "Which phone has the user now?",
        "Quick question, what's the user's phone these days?",
    ],
    "before": [
        "What phone did the user have before?",
        "Which phone did the user previously use?",
        "What phone did the user use to have?",
        "Which phone model had the user before this one?",
    ],
    "year": [
        "What phone did the user have in {year}?",
        "Which phone model was the user using in {year}?",
        "In {year}, which phone the user was using?",
    ],
    "other": [
        "{who} got a {v} for their birthday",
        "{who} has switched to a {v} and won't stop talking about the camera",
        "{who} is using a {v} now",
        "{who} picked up a {v} on a contract deal",
    ],
    "other_q": [
        "What phone does the user's {rel} have now?",
        "Which phone model is the user's {rel} currently using?",
        "What phone is the user's {rel} using these days?",
    ],
}

SLOTS["dog"] = {
    "values": ["Rex", "Bella", "Luna", "Milo", "Bruno", "Nala", "Ziggy", "Otis", "Poppy", "Hugo", "Juno",
               "Mabel", "Archie", "Pippin", "Tilly", "Bodhi"],
    "user": [
        "{v} (the new pup) chewed my shoe, the good leather one, and then looked at me like it was my fault",
        "Took {v} to the beach this morning, came back soaked and sandy and happy, the dog I mean, me less so",
        "the vet says {v} is a bit overweight so no more cheese treats, she said it like I'm the problem",
        "Sorry for the late reply, {v} had a bad tummy all night and I was up cleaning",
        "We adopted a rescue dog called {v}, very shy but already sleeps on my feet",
        "{v} learned to sit today! Took only about three hundred pieces of sausage",
        "after we lost {p} in the spring the house was so quiet, so we took in a little one called {v}",
        "{p} went to live with my parents on the farm, more space for him, and we got a puppy, {v}",
        "Our new dog is {v}; the flat felt empty without {p}",
        "I know I said no more dogs after {p} but then I met {v} at the shelter and that was that",
        "Since one week we have {v}, a little terrier, and the neighbours already love him more than they loved {p}",
        "New puppy: {v}. Still miss {p} every day.",
        "My dog is called {v}, I am walking with him now two times every day, very good for my health",
    ],
    "now": [
        "What is the name of the user's dog now?",
        "What is the user's dog currently called?",
        "What's the user's dog called these days?",
        "What is the name of the user's dog at the moment?",
        "What is the user's dog called?",
        "user dog name current",
        "How is called the dog of the user now?",
        "Remind me, what's the name of the pup the user has these days?",
    ],
    "before": [
        "What was the user's dog called before?",
        "What was the name of the user's previous dog?",
        "Which dog did the user use to have?",
        "How was called the dog the user had before?",
    ],
    "year": [
        "What was the user's dog called in {year}?",
        "Which dog did the user have in {year}?",
        "In {year}, what was the name of the user's dog?",
    ],
    "other": [
        "{who} got a puppy and called it {v}",
        "{who} has a new dog, {v}, some kind of spaniel mix",
        "{who} adopted a dog named {v} from the shelter",
        "{who} keeps sending me videos of {v}, the new dog",
    ],
    "other_q": [
        "What is the name of the user's {rel}'s dog now?",
        "What is the user's {rel}'s dog currently called?",
        "What's the dog of the user's {rel} called these days?",
    ],
}

SLOTS["gym"] = {
    "values": ["Fitness First", "PureGym", "Anytime Fitness", "Virgin Active", "David Lloyd", "Snap Fitness",
               "Nuffield Health", "Gymbox", "Third Space", "Basic-Fit", "McFit", "John Reed", "Planet Fitness",
               "Everlast Gyms", "F45 Studio", "Bannatyne"],
    "user": [
        "ever since I joined {v} I've been sore in muscles I didn't know I had",
        "the spin class at {v} was heaving tonight, I had to fight a man for the last bike",
        "Signed up at {v} because it's on my way home, so no excuses now",
        "I go to {v} now three times in a week, my trainer is very strict but fair",
        "Bumped into my old maths teacher in the changing rooms at {v}, which was mortifying for both of us",
        "The membership at {v} went up again, but the sauna is worth it, honestly",
        "cancelled {p} after they closed the pool for 'maintenance' for the third time, and joined {v}",
        "Switched from {p} to {v}, more expensive but I don't have to queue for the squat rack",
        "I am not anymore in {p}, since this month I train at {v} which is closer to the flat",
        "After the drama with {p} double-charging me I moved my membership to {v}",
        "Goodbye {p}, I'm a {v} person now, apparently",
        "Gym news: left {p}, joined {v}.",
        "So the induction at {v} was this morning, the trainer made me do burpees and I saw my life flash before my eyes",
    ],
    "now": [
        "Which gym does the user go to now?",
        "What gym is the user currently a member of?",
        "Where does the user work out these days?",
        "Which gym does the user use at the moment?",
        "Which gym does the user go to?",
        "user gym current",
        "In which gym the user is training now?",
        "Where's the user doing their workouts these days, which gym?",
    ],
    "before": [
        "Which gym did the user go to before?",
        "What gym was the user previously a member of?",
        "Which gym did the user use to go to?",
        "In which gym was the user training before?",
    ],
    "year": [
        "Which gym did the user go to in {year}?",
        "What gym was the user a member of in {year}?",
        "In {year}, at which gym the user was training?",
    ],
    "other": [
        "{who} joined {v} and is being insufferable about leg day",
        "{who} has a membership at {v} now",
        "{who} signed up at {v} in a burst of new energy",
        "{who} goes to {v} before work every morning, apparently",
    ],
    "other_q": [
        "Which gym does the user's {rel} go to now?",
        "What gym is the user's {rel} currently a member of?",
        "Where does the user's {rel} work out these days?",
    ],
}

SLOTS["car"] = {
    "values": ["Tesla Model 3", "Skoda Octavia", "VW Golf", "Toyota Yaris", "Kia Niro", "Renault Clio",
               "Ford Focus", "Mazda MX-5", "Volvo XC40", "Hyundai Ioniq 5", "Fiat 500", "Mini Cooper",
               "Peugeot 208", "BMW i3", "Nissan Leaf", "Dacia Sandero"],
    "user": [
        "the {v} is making a rattling noise from the back again, probably just the parcel shelf, I hope",
        "Drove the {v} up to the lakes at the weekend, sang the entire way, no regrets",
        "Had the {v} serviced today, they found nothing wrong and then charged me two hundred quid for finding nothing",
        "Someone dinged the door of the {v} in the supermarket car park and just drove off, I'm fuming",
        "I drive now a {v}, it's a bit small for the big shop but parking is a dream",
        "Got a parking ticket in the {v} right outside my own flat, the sign is hidden behind a tree, I swear",
        "sold the {p} to a guy from the next village and bought a {v} with the money plus a bit",
        "The {p} failed its MOT so badly the mechanic laughed, so now I'm driving a {v}",
        "After the {p} broke down on the motorway for the second time I went and leased a {v}",
        "Since two weeks I have the {v}, the {p} I sold to my cousin's friend",
        "Swapped the {p} for a {v}, the boot is smaller but it's so much nicer to drive",
        "New car! {v}. Farewell {p}, you smelly old thing.",
        "Took the {v} through the car wash for the first time and the whole thing looked brand new, which it basically is",
    ],
    "now": [
        "What car does the user drive now?",
        "Which car is the user currently driving?",
        "What does the user drive these days?",
        "Which car does the user have at the moment?",
        "What car does the user drive?",
        "user car current",
        "Which car is driving the user now?",
        "Remind me, what is the user driving around in these days?",
    ],
    "before": [
        "What car did the user drive before?",
        "Which car did the user previously own?",
        "What car did the user use to drive?",
        "Which car had the user before this one?",
    ],
    "year": [
        "What car did the user drive in {year}?",
        "Which car did the user have in {year}?",
        "In {year}, which car the user was driving?",
    ],
    "other": [
        "{who} bought a {v}, second-hand but barely any miles on it",
        "{who} is driving a {v} now",
        "{who} picked up a {v} from the dealer this week",
        "{who} finally got a car, a {v}",
    ],
    "other_q": [
        "What car does the user's {rel} drive now?",
        "Which car is the user's {rel} currently driving?",
        "What is the user's {rel} driving these days?",
    ],
}

SLOTS["partner"] = {
    "values": ["Daniel", "Sofia", "Marcus", "Elena", "Jonas", "Amara", "Luca", "Chloe", "Mateo", "Freya",
               "Omar", "Hannah", "Theo", "Leila", "Sebastian", "Ingrid"],
    "user": [
        "{v} made me pancakes this morning because I was nervous about the dentist, which was very sweet, the pancakes were a bit burnt",
        "Went to the cinema with {v} last night, we argued about the ending all the way home, so a good date",
        "So I've been seeing someone, {v}, we met at a friend's barbecue, it's early days but I'm happy",
        "{v} and I are talking about moving in together, terrifying and nice at the same time",
        "Anniversary dinner with {v} tonight, two months, don't laugh",
        "I am together with {v} now since one month and my friends say I am smiling too much",
        "after things ended with {p} I didn't think I'd date for a while, but then {v} happened",
        "{p} and I split up, it was mutual, mostly, and I've started seeing {v}, who you'd like",
        "Update on the love life: {p} is out of the picture, {v} is very much in it",
        "I know, I know, it's quick after {p}, but {v} is different, really",
        "Since we broke up, me and {p}, I was alone some months, but now I have {v} and it's going very well",
        "Partner news: {v}. Yes, {p} is history.",
        "{v} met my parents on Sunday and dad showed them the allotment for an hour, which means he approves",
    ],
    "now": [
        "Who is the user's partner now?",
        "Who is the user currently dating?",
        "Who is the user seeing these days?",
        "What is the name of the user's partner at the moment?",
        "What is the user's partner's name?",
        "user partner name current",
        "With who is the user together now?",
        "Sorry, who's the user going out with these days?",
    ],
    "before": [
        "Who was the user's partner before?",
        "Who was the user previously dating?",
        "Who did the user use to go out with?",
        "With who was the user together before?",
    ],
    "year": [
        "Who was the user's partner in {year}?",
        "Who was the user dating in {year}?",
        "In {year}, with who the user was together?",
    ],
    "other": [
        "{who} is seeing someone called {v}",
        "{who} has a new partner, {v}, and brought them along to the barbecue",
        "{who} moved in with {v}",
        "{who} got together with {v} after meeting at a wedding",
    ],
    "other_q": [
        "Who is the user's {rel}'s partner now?",
        "Who is the user's {rel} currently dating?",
        "Who is the user's {rel} seeing these days?",
    ],
}

SLOTS["bank"] = {
    "values": ["Monzo", "Starling", "Revolut", "Barclays", "HSBC", "Lloyds", "NatWest", "Santander",
               "Nationwide", "ING", "N26", "Danske Bank", "Halifax", "Triodos", "Bunq", "Metro Bank"],
    "user": [
        "I had to call {v} because they blocked my card in the middle of the supermarket, very embarrassing with the queue behind me",
        "The {v} app keeps logging me out, so annoying when you just want to check the balance",
        "Set up a savings pot with {v} for the holiday, fifty quid a month, let's see how long that lasts",
        "Paid the rent late because {v} had an outage, my landlord was not impressed",
        "My salary goes now to {v}, the old account I will close soon",
        "Opened an account with {v} last week, took ten minutes on the phone, no branch, wild",
        "after the whole mess with {p} I opened an account with {v}",
        "Moved all my money from {p} to {v}, the switching service did most of it, only took a week",
        "I closed my account at {p} after twenty years, they kept charging silly fees, so I'm with {v} now",
        "Since the first of the month I bank with {v}, {p} was making me crazy with their app",
        "{p} froze my account over a 'suspicious' payment to my own mum, so I've gone over to {v}",
        "Bank switch done: {p} to {v}.",
        "Got the new debit card from {v} in the post today, it's a lovely colour, not that that matters, but it does",
    ],
    "now": [
        "Which bank is the user with now?",
        "What bank does the user currently use?",
        "Who does the user bank with these days?",
        "Which bank does the user use at the moment?",
        "Where does the user have their bank account?",
        "user bank current",
        "At which bank has the user the account now?",
        "Remind me, which bank is the user's money in these days?",
    ],
    "before": [
        "Which bank was the user with before?",
        "What bank did the user previously use?",
        "Which bank did the user use to bank with?",
        "At which bank was the user before switching?",
    ],
    "year": [
        "Which bank did the user use in {year}?",
        "Who did the user bank with in {year}?",
        "In {year}, at which bank the user had the account?",
    ],
    "other": [
        "{who} opened an account with {v}",
        "{who} banks with {v} now and won't shut up about the app",
        "{who} switched over to {v} for the savings rate",
        "{who} has their salary paid into {v} these days",
    ],
    "other_q": [
        "Which bank is the user's {rel} with now?",
        "What bank does the user's {rel} currently use?",
        "Who does the user's {rel} bank with these days?",
    ],
}

SLOTS["building"] = {
    "values": ["Harbour Court", "Maple House", "Riverside Towers", "Albion Works", "Kingsway Lofts",
               "Foundry Yard", "Cedar Point", "Linden Court", "Canal Wharf", "Marlowe Mansions", "Orchard Place",
               "The Octagon", "Belvedere House", "Copper Quays", "Station Mill", "Hawthorn Rise"],
    "user": [
        "the new landlord at {v} is a nightmare, he texted me at eleven at night about the recycling bins",
        "The lift at {v} is broken again, five floors with the shopping, I'm basically an athlete now",
        "Met the lady from the third floor of {v}, she bakes and she gave me half a lemon cake, I love it here",
        "I live now in {v}, it's an old factory converted, the ceilings are very high and very cold",
        "There was a fire alarm at {v} at three in the morning, everyone standing outside in pyjamas",
        "The concierge at {v} keeps all my parcels, honestly the best thing about the place",
        "we gave notice at {p} and signed for a two-bed in {v}, moving on the fifteenth",
        "After the damp at {p} got into the wardrobe I said enough, we're in {v} now",
        "Moved out of {p} and into {v}, same area, but a balcony! A real one!",
        "I am since last week in {v}, the flat in {p} was too small for two people and a cat",
        "Finally left {p}. Picked up the keys at {v} today, the hallway smells of someone's curry, in a good way",
        "New address: {v}. {p} can keep its broken heating.",
        "The residents' group chat at {v} is pure drama, someone is stealing the communal plant pots",
    ],
    "now": [
        "Which apartment building does the user live in now?",
        "What building is the user currently living in?",
        "Which building does the user live in these days?",
        "Which block of flats is the user in at the moment?",
        "What is the name of the user's apartment building?",
        "user apartment building current",
        "In which building the user lives now?",
        "Remind me, what's the name of the block the user lives in these days?",
    ],
    "before": [
        "Which building did the user live in before?",
        "What apartment building was the user previously in?",
        "Which building did the user use to live in?",
        "In which building was the user living before the last move?",
    ],
    "year": [
        "Which apartment building did the user live in in {year}?",
        "What building was the user living in in {year}?",
        "In {year}, in which apartment building the user was living?",
    ],
    "other": [
        "{who} has rented a flat in {v}",
        "{who} is living in {v} now, near the station",
        "{who} got the keys to an apartment at {v}",
        "{who} moved into {v} a few weeks ago",
    ],
    "other_q": [
        "Which apartment building does the user's {rel} live in now?",
        "What building is the user's {rel} currently living in?",
        "Which block of flats is the user's {rel} in these days?",
    ],
}

SLOTS["coffee_shop"] = {
    "values": ["Black Sheep Coffee", "Caffe Nero", "Costa", "Pret", "Gail's", "Joe & The Juice",
               "Department of Coffee", "Workshop Coffee", "Ozone Coffee", "Monmouth Coffee", "Kaffeine",
               "Origin Coffee", "Store Street Espresso", "Notes Coffee", "Brew Lab", "Kiss the Hippo"],
    "user": [
        "I've basically moved into {v} with my laptop, the barista knows my order and my deadlines",
        "Worked from {v} all afternoon, got through the whole report and two brownies",
        "The wifi at {v} was down today so I actually had to talk to people, horrible",
        "My office these days is a corner table at {v}, next to the plug, don't tell anyone",
        "I work mostly from {v} now, the oat latte is good and nobody bothers me",
        "Somebody stole my seat by the window at {v}, I stared at him for an hour, he didn't move",
        "stopped going to {p} after they took away the sockets, so I'm camped out at {v} now",
        "{p} got too loud with the new music, so I moved my laptop to {v}",
        "Since they raised the prices at {p} I work from {v}, it is two streets further but cheaper",
        "Tried {v} instead of {p} for a change and never went back, the sofas!",
        "I've cheated on {p} with {v}, and I'm not sorry, the cinnamon buns are better",
        "Laptop spot: {v} now, not {p}.",
        "Had three calls from my table at {v} today, the guy next to me now knows all my business",
    ],
    "now": [
        "Which coffee shop does the user work from now?",
        "What cafe is the user currently working from?",
        "Where does the user take their laptop to work these days?",
        "Which coffee shop does the user use as an office at the moment?",
        "Which coffee shop does the user work from?",
        "user coffee shop work current",
        "From which coffee shop the user is working now?",
        "Remind me, which cafe is the user camped out in these days?",
    ],
    "before": [
        "Which coffee shop did the user work from before?",
        "What cafe did the user previously work from?",
        "Which coffee shop did the user use to work from?",
        "From which cafe was the user working before?",
    ],
    "year": [
        "Which coffee shop did the user work from in {year}?",
        "Where did the user take their laptop to work in {year}?",
        "In {year}, from which cafe the user was working?",
    ],
    "other": [
        "{who} works from {v} most days now",
        "{who} has made {v} their unofficial office",
        "{who} is always at {v} with the laptop",
        "{who} found {v} and now refuses to work anywhere else",
    ],
    "other_q": [
        "Which coffee shop does the user's {rel} work from now?",
        "What cafe is the user's {rel} currently working from?",
        "Where does the user's {rel} take the laptop to work these days?",
    ],
}

SLOT_ORDER = list(SLOTS)

# Other people: (relation, first name).  Names never collide with any slot value.
PEOPLE = [
    ("brother-in-law", "Tomasz"), ("sister", "Marta"), ("best friend", "Priya"), ("neighbour", "Gareth"),
    ("cousin", "Ines"), ("colleague", "Dmitri"), ("aunt", "Rosalind"), ("old flatmate", "Kwame"),
    ("sister-in-law", "Beatriz"), ("uncle", "Fergus"), ("brother", "Yusuf"), ("godmother", "Agnieszka"),
]

OTHER_PREFIX = ["", "", "", "Oh and in other news, ", "Random gossip: ", "Forgot to tell you, ",
                "Family and friends update, sort of: ", "Heard today that "]
OTHER_SUFFIX = [".", ".", ", good for them.", ", which nobody saw coming.", ", can you believe it.",
                ", apparently.", ", more on that later.", ", I'm a bit jealous honestly."]
USER_PREFIX = ["Long day, I'll tell you properly tomorrow. ", "Weather's awful again, anyway. ",
               "Okay, where was I. ", "Sorry for the radio silence! ", "Mum says hi, by the way. ",
               "Busy busy week. ", "Right, catching you up. ", "Not sure where to start. "]

# ---------------------------------------------------------------------------
# Filler
# ---------------------------------------------------------------------------

GENERAL_LINES = [
    "Rained sideways all day, my umbrella turned inside out twice and I gave up and just got wet",
    "Made a huge pot of lentil soup, enough for the week, already sick of it after two bowls",
    "Mum rang for an hour about the neighbours' hedge, I said mm-hm about forty times",
    "Couldn't sleep again, ended up reading about deep sea fish until four in the morning",
    "Finally fixed the wobbly kitchen chair with a folded beer mat, engineering genius",
    "The heating came on for the first time this year and the whole place smells of burnt dust",
    "Bought a houseplant, haven't named it yet, it's already looking a bit sad",
    "Tried baking sourdough, it came out like a frisbee, a tasty frisbee though",
    "Dad sent a voice note that was eleven minutes long, I listened at double speed, don't tell him",
    "Watched three episodes of that baking show in a row, now I want cake and I have no cake",
    "It's so foggy this morning I couldn't see the end of the street",
    "Sunny and freezing, the best kind of weather, went for a long walk with a flask of tea",
    "Feeling a bit flat today, nothing wrong exactly, just one of those grey days",
    "Had the best mood all day for no reason, even the queue at the post office didn't bother me",
    "Dentist appointment done, no fillings, I'm treating myself to a doughnut out of spite",
    "Started a thousand piece jigsaw, the sky part will be the death of me",
    "Dad has discovered voice messages and now sends me one every morning about the weather",
    "Cooked a green curry from scratch, far too spicy, cried a little, ate it all",
    "Hoovered everywhere, found three missing socks and a foreign coin",
    "Spent my lunch break just sitting in the sun with my eyes shut, bliss",
    "The washing machine is making a noise like a helicopter taking off",
    "Went to a pub quiz, came second to last, but we won the picture round",
    "Learning to knit, so far I have made a scarf for a mouse",
    "Power cut for two hours tonight, played cards by candlelight like the old days",
    "Got caught in a hailstorm on the way back from the shops, bruised by the weather",
    "My grandmother turned ninety, big party, she danced more than any of us",
    "Ate way too much at the family lunch, I'm lying on the floor like a starfish",
    "Started reading a fat Russian novel, I'm on page thirty and there are already fifty characters",
    "Tried a new recipe with chickpeas and spinach, surprisingly good, will make it again",
    "I'm so tired I put the milk in the cupboard and the cereal in the fridge",
    "Finally booked the flights for the summer holiday, now I just need to save for it",
    "The neighbours are having their kitchen redone, drilling from eight every morning",
    "Went to a pottery class, made a bowl that is more of a plate with ambitions",
    "Spent the whole Sunday in pyjamas watching old films, zero regrets",
    "Wind knocked the bins over, chased a pizza box halfway down the road",
    "Had a video call with my old uni friends, we laughed so much my stomach hurts",
    "Picked blackberries along the canal path, hands purple, totally worth it",
    "Tried to go to bed early, ended up scrolling until midnight, as usual",
    "Bought new running shoes, now I have no excuse not to run, damn",
    "Made pancakes for dinner because I'm an adult and I can",
    "First frost this morning, the grass was all crunchy and white",
    "My niece showed me a dance from the internet and I pulled a muscle trying it",
    "Cleaned out the fridge, found a yoghurt that expired in the summer, binned it with respect",
    "Got a letter from the council about the bin collection days changing, riveting stuff",
    "Felt really productive this morning, then had lunch and the day was over",
    "Thunderstorm last night, didn't sleep, lay there counting the seconds between flash and bang",
    "Went to a friend's wedding, cried at the speeches, danced until my feet hurt",
    "Repotted all the plants on the windowsill, soil everywhere, including in my ear somehow",
    "Listening to an audiobook about the Romans while I cook, very educational pasta",
    "Had a migraine most of the day, dark room, cold flannel, I feel like a Victorian lady",
    "Made a list of things to do this weekend, it's already too long, I'll ignore it",
    "Tried meditation with an app, fell asleep after two minutes, counts as success?",
    "Burnt the toast, set off the smoke alarm, waved a tea towel at it for five minutes",
    "Bought a second-hand bike, it squeaks but it's mine",
    "Went swimming in the lake, absolutely freezing, I screamed, it was great",
    "Ordered a takeaway and it came with the wrong curry, ate it anyway, it was better",
    "Spent an hour on hold with the energy company, the hold music is now stuck in my head",
    "Rain again, of course, the garden is more of a pond now",
    "Feeling homesick today for no particular reason, made my grandmother's stew to cheer up",
    "Finished the jigsaw! One piece missing, I suspect the vacuum cleaner",
    "Did the big food shop, forgot the one thing I went for, which was bread",
    "Saw a fox in the street at midnight, it looked at me like I was the weird one",
    "Started a little herb garden on the windowsill, basil is thriving, mint is plotting world domination",
    "My back hurts from sitting badly all week, I need a better chair",
    "Went to a museum on a whim, spent an hour in front of one painting, felt very cultured",
    "Had a long chat with dad about his allotment, the courgettes are out of control",
    "Today was a write-off, honestly, just tired and grumpy and hungry",
    "Made a lasagne for friends, nobody complained, I call that a victory",
    "Signed up for a Spanish evening class, we learned to order a coffee and that's about it",
    "The weather app said sunshine and it poured, I feel betrayed",
    "Got a parcel that wasn't for me, walked it round to the right house, made a new friend",
    "Watched the football with the people downstairs, I still don't understand the offside rule",
    "Finished a really good book and now I feel lost, like a friend moved away",
    "Tried to fix the dripping tap myself, now it drips faster",
    "Had a lazy brunch, eggs and too much coffee, now I'm vibrating",
    "The clocks went back and I've been confused about time all day",
    "Snow! Only about a centimetre but everybody is acting like it's the arctic",
    "Went to a car boot sale and came back with a lamp shaped like a duck",
    "My mum wants to learn video calls, we spent an hour looking at her ceiling",
    "Feeling proud of myself, I finally did my tax return before the deadline",
    "Had strawberries and cream in the garden, summer is officially here",
    "Heatwave, I'm melting, I've been sitting with my feet in a bowl of cold water",
    "Made a curry so good I want to write myself a thank you letter",
    "Spent ages untangling the fairy lights, half of them don't work anyway",
    "Rearranged the living room, the sofa is now facing the window, life changing",
    "Bought a fancy notebook to be more organised, wrote one line in it",
    "Went for a long bike ride along the river, legs like jelly now",
    "Bit stressed about money this month, cooking lots of beans and rice",
    "The kids next door are learning the trumpet, all of them, at once",
    "Found an old photo album, spent the evening laughing at my haircuts",
    "Made soup from the leftover vegetables, called it fridge soup, it was fine",
    "Woke up with a cold, sore throat, honey and lemon on repeat",
    "A friend's band played a gig in a tiny pub, they were loud, I was proud",
    "Finally hung the pictures in the hallway, only three holes in the wrong place",
    "Tried a yoga video, the woman said relax while I was folded like a pretzel",
    "Went to a farmers market and spent far too much on cheese",
    "Stormy night, the windows rattled and I hid under two duvets",
    "Autumn leaves everywhere, kicked through a big pile like a child, no shame",
    "Spent the evening on the phone with an old friend, three hours, my ear is hot",
    "Feeling optimistic this week, not sure why, I'll take it",
    "Had a nap at four and now it's midnight and I'm wide awake",
    "Made a birthday card for dad by hand, it looks like a child made it, he'll love it",
    "The bakery on the corner has started doing cinnamon rolls and I'm in trouble",
    "Rained all weekend, did a puzzle, drank tea, it was actually lovely",
    "Went to see a comedy show, laughed so hard I snorted, the man in front turned around",
    "Tried to learn the guitar again, my fingers remember nothing",
    "Cleaned the windows, now I can see how dirty everything else is",
    "I am very tired today, the week was long and the weekend is still far",
    "Yesterday I cooked dumplings with my grandmother's recipe, they were not so pretty but very tasty",
    "This morning the bus was twenty minutes late, I was standing in the cold like an idiot",
    "Today I have no energy for nothing, I will just order pizza",
    "Got a haircut, it's shorter than I asked, I look like a startled hedgehog",
    "Made a playlist for the rainy days, mostly sad piano",
    "The garden birds have found the feeder, I spent an hour watching a robin",
    "Had a bad dream about being late for an exam I never even signed up for",
    "Started drinking more water, I now spend half my day looking for a toilet",
    "Went to a birthday party at a bowling alley, I was terrible, bowled with the wrong hand",
    "Tried a new herbal tea, it tastes like a garden, and not in a good way",
    "Picked up some library books, the librarian recommended a thriller, I'm hooked",
    "Weekend plan is absolutely nothing and I'm very excited about it",
    "Nice quiet evening, candle, bath, a bad film, perfect",
]

# Same topics as the slots, but naming no value.
TOPIC_LINES = [
    "The city centre is all roadworks at the moment, took me forty minutes to go two kilometres",
    "Still getting lost in the old town, every street looks the same after dark",
    "The trams are always packed at rush hour, I've basically become a sardine",
    "Picked up a free map of the city at the tourist office, like a proper newcomer",
    "Work was a lot today, back to back meetings and my laptop decided to update in the middle",
    "My manager scheduled a meeting for five on a Friday, who does that",
    "The office kitchen has a new coffee machine and it's all anyone talks about",
    "Annual review next week, trying to remember anything I actually achieved this year",
    "phone screen cracked a little more in my pocket, it's like a spider web now",
    "My phone keeps autocorrecting my own name to something rude, I don't know how to stop it",
    "Forgot my phone charger at home, running on eight percent and pure panic",
    "Turned off notifications on my phone for a whole day, felt like a holiday",
    "the dog rolled in something disgusting in the park and now needs a bath, again",
    "Long walk with the dog this morning, so misty we couldn't see the other side of the field",
    "The dog barked at a plastic bag for ten minutes, very brave",
    "Bought a new squeaky toy for the dog, it lasted about four minutes",
    "the gym was heaving tonight, everyone's resolutions arrived at once",
    "Skipped the gym again, told myself tomorrow, we'll see",
    "Did legs at the gym, now stairs are my enemy",
    "The gym showers were cold again, I screamed a little",
    "thinking of getting the car valeted, there are crisps in places crisps shouldn't be",
    "Filled up the car and nearly fainted at the price",
    "The car needs new tyres before winter, another bill",
    "Left the car lights on overnight, flat battery, had to get a jump start from a neighbour",
    "My partner snored all night, I slept on the sofa in protest",
    "Date night tonight, we're going to try that new Lebanese place",
    "We had a silly argument about whose turn it was to do the dishes, I won, I think",
    "My other half surprised me with flowers for no reason, suspicious but lovely",
    "Got another letter from the bank about paperless statements, ironically on paper",
    "Checked my bank balance and closed the app quickly, payday can't come soon enough",
    "Had to go through the bank's security questions and I'd forgotten my own favourite film",
    "Got a scam text pretending to be my bank, deleted it, feeling very smart",
    "The bins in our building are overflowing again, someone dumped a whole sofa next to them",
    "Someone in the building is learning the drums, very enthusiastically",
    "The lift in our block smells like wet dog and cheap perfume today",
    "Building meeting about the bike storage, forty minutes of adults arguing about locks",
    "The coffee shop had its autumn menu out, pumpkin everything",
    "Worked from a cafe this afternoon, got more done in two hours than all morning at home",
    "The barista wrote my name wrong on the cup again, apparently I'm someone else now",
    "Couldn't find a seat with a plug anywhere this afternoon, the laptop crowd was out in force",
]

SHARED_CORES = [
    "the boiler made that clanking noise again", "I finally sorted the pile of laundry on the chair",
    "I burnt the rice and then ate it anyway", "it rained on me twice on the way home",
    "I watched far too much telly", "the people upstairs had a party until two",
    "I made a proper salad, with seeds and everything", "the bus was late and then two came at once",
    "I phoned mum and she told me about her knee for an hour", "I had a long bath and read half a book",
    "I cleaned the bathroom top to bottom", "I tried a new pasta recipe", "I went for a walk in the drizzle",
    "I forgot my umbrella, naturally", "my back is stiff from the sofa", "I booked the dentist at last",
    "I bought too much fruit again", "I fell asleep on the sofa at nine",
    "the post office queue was out the door", "I did the ironing while listening to the radio",
    "I had a very strange dream about penguins", "I spent an hour looking for my keys",
    "I got soaked hanging out the washing", "the sun came out for ten whole minutes",
    "I made a cake for no reason", "I sorted out the cupboard under the stairs",
    "I tried to go for a run and walked most of it", "I had toast for dinner",
    "I rang the plumber about the leak", "I watered the plants and one of them is flowering",
    "dad called to ask how to forward an email", "I signed up for a pottery course",
    "I finally replied to all my emails", "the kettle broke and I panicked", "I made a huge pot of chilli",
    "I stayed up too late doing a crossword", "I did a big clear-out of old clothes",
    "I caught a cold from somewhere", "I had lunch on a bench in the park",
    "I wrote a shopping list and left it on the table",
]

OPENERS = [
    "Right, quick update before I forget:", "Okay so", "Not much news really, just that", "Ugh, today",
    "You won't believe this but", "Small thing, but", "Anyway,", "Honestly,", "Where do I even start, well,",
    "Bit of a ramble incoming:", "Just checking in,", "Random update:", "For the record,",
    "Before I fall asleep:", "Morning!", "Evening update:", "So yeah,", "Long day,", "Short version:",
    "Nothing exciting, but", "Today I was thinking and", "Also yesterday", "Funny day,", "Oh, and",
    "Meanwhile,", "In other news,", "Quick one:", "Don't laugh, but", "Sorry, rambling again, but",
    "As usual,",
]

TAILS = [
    ", anyway, off to bed.", " and that was basically my whole day.", ", so that's me.",
    ", which honestly made my week.", ", I'll tell you more later.", ", typical.", ", don't ask.",
    " and I'm too tired to care.", ".", ", so there's that.", ", long story.", " and now I need a nap.",
    ", as you do.", ", not complaining though.", ", life is glamorous.", ", small victories.",
    " and then it started raining, obviously.", ", more tomorrow.", ", what a week.",
    " and I'm weirdly happy about it.", ", sigh.", ", but fine.", " and I treated myself to chocolate after.",
    ", so I'm calling it a day.", ", nothing else to report.", ", which is very me.",
    ", I think that's progress.", " and honestly I'm fine with that.", ", such is life.",
    ", is it normal?",
]

PERSONAS: dict[str, dict] = {
    "nurse": {
        "lines": [
            "Three night shifts in a row, I've forgotten what the sun looks like",
            "The ward was chaos today, two admissions at once and the printer died",
            "A patient told me I have kind hands, made my whole week",
            "Handover took forever because nobody could find the notes trolley",
            "Did twelve and a half hours on my feet, my feet have filed a complaint",
            "Finally got my flu jab done, arm's aching",
            "Had to cover a shift at short notice, sleep is a myth",
            "Ate my lunch standing up at the nurses' station at four in the afternoon",
            "One of the older patients taught me a card game during the quiet hour",
            "Mandatory training day, resuscitation practice on a dummy with a very judgemental face",
            "Night shift snack review: the vending machine crisps are still terrible",
            "Our ward manager brought in a cake for the team, morale up at least ten percent",
            "Came home from the late shift and fell asleep in my uniform",
            "The new rota came out and I've got Christmas Day, of course",
            "Spent the day off doing absolutely nothing, recovering from the week",
        ],
        "cores": [
            "I did a double shift on the ward", "I sorted out the medication round",
            "I spent ages chasing a doctor for a signature", "I did the drug round twice because the system crashed",
            "I handed over to the night team late", "I covered two extra bays", "I trained a new student nurse",
            "I filled in about a hundred forms", "I finished a run of night shifts", "I updated care plans all afternoon",
            "I helped a family through a tough day", "I fought the hospital parking machine",
            "I had a quiet shift for once", "I calmed a very confused gentleman at three in the morning",
            "I did my mandatory training modules",
        ],
    },
    "teacher": {
        "lines": [
            "Marking thirty essays on the Tudors, if I read Henry the Ate once more I'll scream",
            "Year nines were feral today, wind always makes them wild",
            "Parents evening until eight, my voice is gone",
            "A shy kid in my class finally put her hand up today and I nearly cried",
            "Laminated about a hundred things today, living the dream",
            "Inspection rumours in the staffroom, everyone's pretending to be calm",
            "School trip to the science museum, counted heads roughly four hundred times",
            "Wrote reports all weekend, running out of ways to say could try harder",
            "Photocopier jammed in the middle of my free period, of course",
            "A student told me I look tired, thanks, I am",
            "Did lunch duty in the rain, the playground was a swamp",
            "Bake sale at school, I bought more than the kids did",
            "Half term at last, I'm going to sleep for three days",
            "Planning lessons for next week, Sunday evenings are never mine",
            "Had a lovely card from a former pupil who is at university now",
        ],
        "cores": [
            "I marked a mountain of homework", "I did break duty in the drizzle", "I planned next week's lessons",
            "I covered a class at no notice", "I ran the after-school club", "I wrote end-of-term reports",
            "I sat through a very long staff meeting", "I tidied my classroom",
            "I fixed the projector with a paperclip", "I chased missing coursework", "I ran a mock exam",
            "I set up a science experiment that actually worked", "I made a seating plan that lasted one lesson",
            "I spoke to a worried parent after school", "I supervised detention",
        ],
    },
    "developer": {
        "lines": [
            "Production went down at five on a Friday, of course it did",
            "Spent the whole day chasing a bug that turned out to be a missing comma",
            "Standup ran for forty minutes, which defeats the point of standing up",
            "Finally merged the big refactor, I'm scared to look at it",
            "Thirty-seven review comments on my pull request, I'm not crying, you're crying",
            "On call this week, sleeping with the laptop next to the bed",
            "The new intern asked why we don't just rewrite everything, honestly fair",
            "Wrote tests all day, nobody will ever thank me, that's the job",
            "The build has been red since Tuesday and nobody knows why",
            "Pair programmed with someone who types with two fingers, it was oddly calming",
            "Demo to the client went fine, the one thing that broke they didn't notice",
            "Sprint planning again, estimating things in points that mean nothing",
            "Spent an hour naming a variable, computer science is hard",
            "My keyboard is so loud the neighbours can probably hear me debugging",
            "The deploy pipeline took three hours, I made soup in the meantime",
        ],
        "cores": [
            "I fixed a flaky test", "I reviewed a giant pull request", "I sat in three planning meetings",
            "I debugged a memory leak", "I rolled back a bad deploy", "I wrote documentation nobody will read",
            "I upgraded a load of dependencies", "I paired with a junior on a tricky bug",
            "I was on call and got paged twice", "I finally closed a ticket from last year",
            "I rewrote a messy function", "I argued about tabs and spaces", "I set up a new laptop",
            "I chased a timeout error all afternoon", "I gave a short demo to the team",
        ],
    },
    "student": {
        "lines": [
            "Deadline tomorrow, word count at four hundred out of three thousand, we ride at dawn",
            "Lecture at nine, I was there in body only",
            "Someone in the house used my pan and didn't wash it, third time this week",
            "Library was packed, I sat on the floor between the history books",
            "Got a really good mark on my essay, well, a high two-one, but still",
            "Instant noodles for dinner three nights running, I'm a stereotype",
            "Group project meeting, two people turned up, one of them was me",
            "Pulled an all-nighter for the exam, I think I wrote my name correctly",
            "Society social tonight, fancy dress theme, I'm going as a potato",
            "Student loan came in, immediately spent a third of it on textbooks",
            "Seminar today, I finally said something smart, I think",
            "Went home for the weekend, mum did my laundry, I felt twelve",
            "Part-time shift at the bar until two, then a lecture at ten, send help",
            "Revision timetable made, colour coded, not followed at all",
            "The whole house had a proper dinner together, someone even made a dessert",
        ],
        "cores": [
            "I sat through a two hour lecture", "I wrote half an essay", "I did a shift at the bar",
            "I revised in the library until closing", "I went to a seminar I hadn't prepared for",
            "I met my tutor about my dissertation", "I cooked pasta for the whole house",
            "I finally handed in my lab report", "I printed my coursework at the last minute",
            "I joined a new society", "I did a group presentation", "I read three journal articles",
            "I made flashcards for the exam", "I queued for ages at the student union",
            "I argued about the cleaning rota",
        ],
    },
    "retiree": {
        "lines": [
            "The bowls club had its annual dinner, I won the raffle, a bottle of sherry",
            "Grandchildren came over, the house looks like a hurricane hit it, lovely",
            "Spent the morning in the garden pruning the roses, my knees are complaining",
            "Went to the library talk about local history, there were biscuits",
            "My hip is playing up again, the physio says more exercises, I say more tea",
            "Finished the crossword in record time, don't ask me what the record is",
            "Volunteered at the charity shop, sorted a mountain of jumpers",
            "Took the bus into town with my free pass, felt like a tourist",
            "The allotment is full of runner beans, I'm giving them to everyone I meet",
            "Watched the snooker all afternoon, I don't regret a minute",
            "Church coffee morning, I made the scones and they went in minutes",
            "Spent the day sorting old photographs into albums, so many memories",
            "Walking group did eight miles today, I was the oldest and not the slowest",
            "Long phone call with an old workmate from the factory days, we laughed about the old foreman",
            "Signed up for a computer class at the library, learning to send photos",
        ],
        "cores": [
            "I did a bit of weeding at the allotment", "I played a round of bowls",
            "I baked a fruit cake for the coffee morning", "I minded the grandchildren",
            "I went out with the walking group", "I did the crossword with my tea", "I sorted old letters in the loft",
            "I volunteered at the charity shop", "I watched the cricket highlights", "I had my hearing checked",
            "I went to a local history talk", "I painted the garden fence", "I fed the ducks in the park",
            "I wrote a letter to an old friend", "I took the bus to the market",
        ],
    },
    "chef": {
        "lines": [
            "Service was insane tonight, a hundred and forty covers and the dishwasher broke",
            "Prep started at six, I've peeled more onions than any human should",
            "Burnt my wrist on the salamander, nothing serious, just angry",
            "The fish supplier didn't turn up, rewrote the menu at eleven in the morning",
            "The head chef actually said good to me today, I'm framing it",
            "Tasting menu launch tonight, my hands are still shaking",
            "Ate a bowl of cereal at midnight after cooking beautiful food all day, the irony",
            "New commis started today, he's keen, too keen, nicked his thumb in the first hour",
            "Health inspection this morning, we passed, the whole kitchen cheered",
            "Day off, I'm not cooking, I'm eating toast and I'm proud",
            "Butchered a whole lamb today, very satisfying, very messy",
            "We think a restaurant critic came in, table six was very suspicious",
            "Worked a double, sixteen hours, my feet are done",
            "Made stock for six hours, the whole kitchen smells like heaven",
            "Christmas menu planning already, it's barely October",
        ],
        "cores": [
            "I did a double service", "I prepped vegetables for three hours", "I deep cleaned the kitchen after close",
            "I made the staff meal", "I wrote the specials board", "I took a big delivery from the veg supplier",
            "I trained the new commis on the grill", "I plated a hundred desserts", "I sorted out the walk-in fridge",
            "I tested a new sauce", "I covered the pastry section", "I did the stock take",
            "I burned a batch of bread", "I got through a packed lunch service", "I filleted a box of mackerel",
        ],
    },
}

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_ALL_VALUES = sorted({v for s in SLOTS.values() for v in s["values"]})
_ALL_NAMES = sorted({n for _, n in PEOPLE})
_BAN_TERMS = sorted(set(_ALL_VALUES) | set(_ALL_NAMES), key=len, reverse=True)
_BAN_RE = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(t) for t in _BAN_TERMS) + r")(?!\w)", re.IGNORECASE)
_VALUE_RE_CACHE: dict[str, re.Pattern] = {}


def _value_re(v: str) -> re.Pattern:
    r = _VALUE_RE_CACHE.get(v)
    if r is None:
        r = _VALUE_RE_CACHE[v] = re.compile(r"(?<!\w)" + re.escape(v) + r"(?!\w)")
    return r


def _key(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _fmt(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


_AN_RE = re.compile(r"\b([Aa]) (?=(?:iPhone|Oppo|Xperia)\b)")


def _articles(s: str) -> str:
    """'a Oppo' -> 'an Oppo' (only values with a vowel sound are affected)."""
    return _AN_RE.sub(r"\1n ", s)


def _end(s: str) -> str:
    s = s.rstrip()
    return s if s[-1:] in ".!?" else s + "."


def question_kind(q: str) -> str:
    ql = q.lower()
    if re.search(r"\bnow\b", ql):
        return "now"
    if re.search(r"\bcurrent(ly)?\b", ql):
        return "currently"
    if "these days" in ql:
        return "these days"
    if re.search(r"\bused? to\b", ql):
        return "used to"
    if re.search(r"\bbefore\b|\bprevious", ql):
        return "before"
    if "2024" in ql:
        return "in 2024"
    return "plain"


def _rand_dt(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    """Uniform second in the open interval (lo, hi)."""
    span = int((hi - lo).total_seconds())
    return lo + timedelta(seconds=rng.randint(1, span - 1))


def _chain_dates(rng: random.Random, changes: int) -> list[datetime]:
    first = _rand_dt(rng, START, FIRST_END)
    months = sorted(rng.sample(range(1, 10), changes))
    out = [first]
    for m in months:
        out.append(datetime(2025, m, rng.randint(1, 28), rng.randint(7, 22), rng.randint(0, 59),
                            rng.randint(0, 59), tzinfo=timezone.utc))
    return out


def _persona_of(user: int, seed: int) -> str:
    names = sorted(PERSONAS)
    return names[(user + seed) % len(names)]


def _base_filler(persona: str) -> list[str]:
    return [_end(x) for x in GENERAL_LINES + TOPIC_LINES + PERSONAS[persona]["lines"]]


def _cores(persona: str) -> list[str]:
    return SHARED_CORES + PERSONAS[persona]["cores"]


def _combo(persona: str, idx: int) -> str:
    cores = _cores(persona)
    nt, nc = len(TAILS), len(cores)
    t = idx % nt
    c = (idx // nt) % nc
    o = idx // (nt * nc)
    opener, core, tail = OPENERS[o], cores[c], TAILS[t]
    if opener[-1] in "!.":
        core = _cap(core)
    return f"{opener} {core}{tail}"


def _aside(rng: random.Random, persona: str) -> str:
    return " Also " + rng.choice(_cores(persona)) + "."


# ---------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------

def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    rng = random.Random(f"blind11-ku/{seed}/{user}")
    persona = _persona_of(user, seed)

    groups = []  # each: dict(subject, slot, values, memories[list of (dt, content, fact)], questions)

    # --- the user's own facts
    used_by_slot: dict[str, set] = {}
    for slot in SLOT_ORDER:
        spec = SLOTS[slot]
        changes = rng.choice((2, 3))
        values = rng.sample(spec["values"], changes + 1)
        used_by_slot[slot] = set(values)
        no_p = [t for t in spec["user"] if "{p}" not in t]
        first_t = rng.choice(no_p)
        rest = [t for t in spec["user"] if t != first_t]
        temps = [first_t] + rng.sample(rest, changes)
        dates = _chain_dates(rng, changes)
        mems = []
        for i, (t, dt) in enumerate(zip(temps, dates)):
            text = t.replace("{v}", values[i]).replace("{p}", values[i - 1] if i else "")
            if rng.random() < 0.3:
                text = rng.choice(USER_PREFIX) + _cap(text)
            text = _end(_articles(text))
            if rng.random() < 0.35:
                text += _aside(rng, persona)
            mems.append((dt, text, {"subject": "user", "slot": slot, "index": i, "value": values[i]}))
        groups.append({"subject": "user", "slot": slot, "values": values, "memories": mems})

    # --- other people
    people = rng.sample(PEOPLE, 4)
    for rel, name in people:
        for slot in rng.sample(SLOT_ORDER, 3):
            spec = SLOTS[slot]
            changes = rng.choice((1, 2))
            avail = [v for v in spec["values"] if v not in used_by_slot[slot]]
            values = rng.sample(avail, changes + 1)
            used_by_slot[slot].update(values)
            temps = rng.sample(spec["other"], changes + 1)
            dates = _chain_dates(rng, changes)
            mems = []
            for i, (t, dt) in enumerate(zip(temps, dates)):
                who = rng.choice([f"my {rel} {name}", name, f"{name}, my {rel},", f"my {rel}"])
                body = _articles(t.replace("{who}", who).replace("{v}", values[i]))
                pre = rng.choice(OTHER_PREFIX)
                text = (pre + body) if pre else _cap(body)
                text += rng.choice(OTHER_SUFFIX)
                mems.append((dt, text, {"subject": rel, "slot": slot, "index": i, "value": values[i]}))
            groups.append({"subject": rel, "slot": slot, "values": values, "memories": mems})

    # --- questions (drawn for every group so the rng stream does not depend on size)
    for g in groups:
        spec = SLOTS[g["slot"]]
        last = len(g["values"]) - 1
        base = {"subject": g["subject"], "slot": g["slot"], "values": list(g["values"])}
        qs = []
        if g["subject"] == "user":
            for q in rng.sample(spec["now"], 2):
                qs.append({"question": q, "tense": "now", "gold": last})
            qs.append({"question": rng.choice(spec["before"]), "tense": "before", "gold": last - 1})
            qs.append({"question": rng.choice(spec["year"]).replace("{year}", str(FIRST_YEAR)),
                       "tense": "before", "gold": 0})
        else:
            qs.append({"question": rng.choice(spec["other_q"]).replace("{rel}", g["subject"]),
                       "tense": "now", "gold": last})
        g["questions"] = []
        for q in qs:
            d = {"question": q["question"], "subject": base["subject"], "slot": base["slot"],
                 "tense": q["tense"], "gold": q["gold"], "values": list(base["values"]),
                 "kind": question_kind(q["question"])}
            g["questions"].append(d)

    # --- trim for tiny sizes: drop whole groups, others first, last-generated first
    n_facts = sum(len(g["memories"]) for g in groups)
    if n_facts > size:
        order = [g for g in reversed(groups) if g["subject"] != "user"] + \
                [g for g in reversed(groups) if g["subject"] == "user"]
        drop = set()
        for g in order:
            if n_facts <= size:
                break
            drop.add(id(g))
            n_facts -= len(g["memories"])
        groups = [g for g in groups if id(g) not in drop]

    memories = []
    seen = set()
    for g in groups:
        for dt, text, fact in g["memories"]:
            seen.add(_key(text))
            memories.append({"content": text, "created": _fmt(dt), "fact": fact, "_dt": dt})

    # --- filler
    need = size - len(memories)
    filler: list[str] = []
    if need > 0:
        base = _base_filler(persona)
        rng.shuffle(base)
        for line in base:
            if len(filler) >= need:
                break
            k = _key(line)
            if k in seen or _BAN_RE.search(line):
                continue
            seen.add(k)
            filler.append(line)
        if len(filler) < need:
            n_combo = len(OPENERS) * len(_cores(persona)) * len(TAILS)
            remaining = need - len(filler)
            tried = set()
            batch = rng.sample(range(n_combo), min(n_combo, remaining * 2 + 100))
            for pass_no in (0, 1):
                seq = batch if pass_no == 0 else (i for i in range(n_combo) if i not in tried)
                for idx in seq:
                    if len(filler) >= need:
                        break
                    tried.add(idx)
                    line = _combo(persona, idx)
                    k = _key(line)
                    if k in seen or _BAN_RE.search(line):
                        continue
                    seen.add(k)
                    filler.append(line)
                if len(filler) >= need:
                    break
            if len(filler) < need:
                raise ValueError(f"cannot produce {size} distinct memories (max about {len(memories) + len(filler)})")
        for line in filler:
            dt = _rand_dt(rng, START, NOW)
            memories.append({"content": line, "created": _fmt(dt), "_dt": dt})

    memories.sort(key=lambda m: m["_dt"])
    for m in memories:
        del m["_dt"]

    questions = [q for g in groups for q in g["questions"]]
    return {"split": SPLIT, "user": user, "seed": seed, "now": _fmt(NOW),
            "memories": memories, "questions": questions}


# ---------------------------------------------------------------------------
# Self check
# ---------------------------------------------------------------------------

def _parse(s: str) -> datetime:
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def _check_static() -> None:
    assert len(SLOTS) >= 10
    assert len(PERSONAS) >= 5
    names = {n.lower() for _, n in PEOPLE}
    assert len({r for r, _ in PEOPLE}) == len(PEOPLE)
    kinds_seen = set()
    for slot, spec in SLOTS.items():
        vals = spec["values"]
        assert 12 <= len(vals) <= 16 and len(set(vals)) == len(vals), slot
        assert all(v[0].isupper() or v.startswith("iPhone") for v in vals), slot
        assert not ({v.lower() for v in vals} & names), slot
        for a in vals:  # no value contains another value of the same slot as a phrase
            for b in vals:
                if a != b:
                    assert not _value_re(b.lower()).search(a.lower()), (slot, a, b)
        u = spec["user"]
        assert len(u) >= 12 and len(set(u)) == len(u), slot
        assert sum("{p}" not in t for t in u) >= 5, slot
        assert all("{v}" in t for t in u), slot
        assert len(spec["now"]) >= 6 and len(spec["before"]) >= 3 and len(spec["year"]) >= 2, slot
        assert all("{year}" in q for q in spec["year"]), slot
        assert len(spec["other"]) >= 3 and all("{who}" in t and "{v}" in t and "{p}" not in t
                                                for t in spec["other"]), slot
        assert spec["other_q"] and all("{rel}" in q for q in spec["other_q"]), slot
        for q in spec["now"]:
            k = question_kind(q)
            kinds_seen.add(k)
            assert k in ("now", "currently", "these days", "plain"), (slot, q)
        for q in spec["before"]:
            k = question_kind(q)
            kinds_seen.add(k)
            assert k in ("before", "used to"), (slot, q)
        for q in spec["year"]:
            k = question_kind(q.replace("{year}", "2024"))
            kinds_seen.add(k)
        assert any(question_kind(q) == "plain" for q in spec["now"]), slot
        assert any("at the moment" in q for q in spec["now"]), slot
        assert any(re.search(r"\bcurrent\b", q) and q == q.lower() for q in spec["now"]), slot  # keyword style
        # templates themselves must not mention other values
        for t in u + spec["other"]:
            assert not _BAN_RE.search(t.replace("{v}", "").replace("{p}", "")), (slot, t)
    assert kinds_seen >= {"now", "currently", "these days", "plain", "before", "used to", "in 2024"}, kinds_seen
    for pre in OTHER_PREFIX + OTHER_SUFFIX + USER_PREFIX + OPENERS + TAILS:
        assert not _BAN_RE.search(pre), pre
    assert len(TOPIC_LINES) >= 30
    for p in PERSONAS:
        base = _base_filler(p)
        assert len({_key(x) for x in base}) == len(base) >= 150, p
        for line in base + _cores(p):
            assert not _BAN_RE.search(line), (p, line, _BAN_RE.search(line).group(0))
        assert len(OPENERS) * len(_cores(p)) * len(TAILS) > 20000


def _check_instance(d: dict, size: int, user: int, seed: int, full: bool) -> None:
    assert d["split"] == SPLIT and d["user"] == user and d["seed"] == seed and d["now"] == "2025-10-01T09:00:00Z"
    mems = d["memories"]
    assert len(mems) == size, (len(mems), size)
    keys = [_key(m["content"]) for m in mems]
    assert len(set(keys)) == size, "duplicate memories"
    created = [m["created"] for m in mems]
    assert created == sorted(created)
    for c in created:
        dt = _parse(c)
        assert START < dt < NOW, c
    chains: dict[tuple, dict] = {}
    for m in mems:
        f = m.get("fact")
        if f is None:
            hit = _BAN_RE.search(m["content"])
            assert hit is None, (m["content"], hit.group(0))
            continue
        assert _value_re(f["value"]).search(m["content"]), m
        chains.setdefault((f["subject"], f["slot"]), {})[f["index"]] = (f["value"], _parse(m["created"]), m["content"])
    user_slots = [k for k in chains if k[0] == "user"]
    others = {k[0] for k in chains if k[0] != "user"}
    if full:
        assert len(user_slots) == len(SLOTS)
        assert len(others) == 4
        for o in others:
            assert sum(1 for k in chains if k[0] == o) == 3
    values_of = {}
    for (subj, slot), ch in chains.items():
        idx = sorted(ch)
        assert idx == list(range(len(idx)))
        vals = [ch[i][0] for i in idx]
        assert len(set(vals)) == len(vals)
        dts = [ch[i][1] for i in idx]
        assert all(a < b for a, b in zip(dts, dts[1:]))
        assert START < dts[0] <= FIRST_END
        assert all(x.year == 2025 and 1 <= x.month <= 9 for x in dts[1:])
        assert len({x.month for x in dts[1:]}) == len(dts) - 1
        if subj == "user":
            assert len(vals) in (3, 4)
            # first statement uses a template without {p}: it mentions no other value of the slot
            assert not any(_value_re(v).search(ch[0][2]) for v in SLOTS[slot]["values"] if v != vals[0])
        else:
            assert len(vals) in (2, 3)
        values_of[(subj, slot)] = vals
    for (subj, slot), vals in values_of.items():
        if subj != "user" and ("user", slot) in values_of:
            assert not set(vals) & set(values_of[("user", slot)])
    qs = d["questions"]
    per = {}
    for q in qs:
        k = (q["subject"], q["slot"])
        assert k in values_of, q
        vals = values_of[k]
        assert q["values"] == vals
        assert q["kind"] == question_kind(q["question"])
        assert "{" not in q["question"]
        per.setdefault(k, []).append(q)
    assert set(per) == set(values_of)
    for k, ql in per.items():
        last = len(values_of[k]) - 1
        if k[0] == "user":
            assert len(ql) == 4
            nows = [q for q in ql if q["tense"] == "now"]
            assert len(nows) == 2 and all(q["gold"] == last for q in nows)
            assert nows[0]["question"] != nows[1]["question"]
            bef = [q for q in ql if q["tense"] == "before"]
            assert len(bef) == 2
            yr = [q for q in bef if "2024" in q["question"]]
            assert len(yr) == 1 and yr[0]["gold"] == 0
            nb = [q for q in bef if "2024" not in q["question"]]
            assert len(nb) == 1 and nb[0]["gold"] == last - 1
        else:
            assert len(ql) == 1 and ql[0]["tense"] == "now" and ql[0]["gold"] == last
            assert k[0] in ql[0]["question"]


def self_check() -> None:
    _check_static()
    for user in range(7):
        for seed in (0, 1):
            d = generate(400, user, seed)
            _check_instance(d, 400, user, seed, True)
            assert d == generate(400, user, seed), "not deterministic"
            # facts and questions do not depend on size
            d2 = generate(1500, user, seed)
            _check_instance(d2, 1500, user, seed, True)
            f1 = [m for m in d["memories"] if "fact" in m]
            f2 = [m for m in d2["memories"] if "fact" in m]
            assert f1 == f2 and d["questions"] == d2["questions"]
    assert generate(400, 0, 0) != generate(400, 1, 0)
    for size in (20, 60, 80):
        d = generate(size, 3, 0)
        _check_instance(d, size, 3, 0, False)
    d = generate(10000, 2, 5)
    _check_instance(d, 10000, 2, 5, True)


