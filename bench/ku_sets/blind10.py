"""Knowledge-update set blind10: the notes an agent writes itself after chatting (third-person notes, fragments, quoted speech, session summaries).

Written by a helper session on 2026-12-02 that read none of the project's code, benches, tests or other
sets (only the data format it was given). Held out: measured at f06426a (before text/mentions.py) and once
at the end of the session of 2026-12-02; nobody has read its misses or its templates.

    python3 bench/knowledge_updates.py --split blind10 --mode library

The author's own description:
blind10 knowledge-update benchmark data generator.

Simulates users of an AI agent who tell it about their life over a year.
The memories are written the way an agent would note things down after a
chat: third-person notes, terse bullet fragments, quoted user speech,
multi-sentence session summaries and the odd first-person line pasted from
the user.  Each user fact changes two or three times; four other people in
the user's life also have facts that change.

Interface:  generate(size, user=0, seed=0) -> dict   (stdlib only)

If ``size`` is smaller than the number of fact memories, whole fact chains
are dropped (other people's first, then the user's, from the end) together
with their questions, so that exactly ``size`` memories are returned.  The
retained chains are identical to those produced for a larger size.
"""

import random
import re
from datetime import datetime, timedelta, timezone

SPLIT = "blind10"
START = datetime(2024, 9, 1, tzinfo=timezone.utc)
NOW = datetime(2025, 10, 1, 9, 0, tzinfo=timezone.utc)
FIRST_YEAR = 2024
FIRST_WINDOW_DAYS = 105          # Sep 1 .. Dec 15 2024
CHANGE_MONTHS = list(range(1, 10))  # Jan .. Sep 2025

# ---------------------------------------------------------------------------
# Slots
# ---------------------------------------------------------------------------
# "templates": user memories; {v} = value, {p} = previous value (changes only)
# "other":     (style, text) with {who}; style "a" = agent note, "u" = user line
# ---------------------------------------------------------------------------

SLOTS = {
    "home_city": {
        "values": ["Denver", "Lisbon", "Manchester", "Toronto", "Melbourne",
                   "Austin", "Edinburgh", "Portland", "Dublin", "Rotterdam",
                   "Wellington", "Seattle", "Bristol", "Vancouver", "Leeds"],
        "templates": [
            "User mentioned they've settled in {v} and are finally unpacking the last boxes.",
            "- home: {v} (confirmed this session)",
            'User said: "we finally moved into the {v} place, the light in the kitchen is unreal."',
            "Session summary: user was tired after a long week and wanted help with a cover letter. "
            "Mentioned the rent in {v} keeps climbing. Asked for a reminder to ring the plumber on Friday.",
            "User complained that the buses in {v} were late again this morning.",
            "I live in {v} now, so anything you suggest has to be reachable from here.",
            "Note to self: user's home base is {v}; use it for weather and local recommendations.",
            "User asked for good brunch spots near their apartment in {v}.",
            "User told me they have shifted to {v} with the family.",
            "User relocated from {p} to {v} last weekend.",
            "- city: {v} (was {p})",
            'User said: "leaving {p} was harder than I thought, but {v} already feels like home."',
            "Session summary: user talked through a job interview and an unexpected bill. In passing "
            "they said the move from {p} is done and they're living in {v} now. Asked for a packing-list "
            "template to keep for next time.",
            "Update: user no longer lives in {p}; they've moved to {v}.",
            "Swapped {p} for {v}. New lease signed, keys collected.",
        ],
        "now_q": [
            "Where does the user live now?",
            "Which city is the user currently based in?",
            "What city does the user call home these days?",
            "Where is the user living at the moment?",
            "Where does the user live?",
            "user home city current",
            "user city of residence",
        ],
        "before_q": [
            "Where did the user live before their latest move?",
            "Which city was the user previously based in?",
            "Where did the user use to live?",
        ],
        "year_q": [
            "Which city did the user live in in {year}?",
            "Where was the user based in {year}?",
        ],
        "other": [
            ("a", "Note: {who} has moved to {v}."),
            ("a", "User mentioned {who} is renting an apartment in {v} these days."),
            ("u", 'User said: "apparently {who} loves living in {v}."'),
            ("a", "User said {who} left {p} and is now based in {v}."),
            ("u", "Heard from {who}: they've swapped {p} for {v}."),
        ],
        "other_q": [
            "Where does the user's {rel} live now?",
            "Which city is the user's {rel} based in these days?",
            "user {rel} city current",
        ],
    },
    "employer": {
        "values": ["Stripe", "Shopify", "Atlassian", "Deloitte", "Spotify",
                   "Siemens", "Unilever", "Canva", "Zendesk", "Airbnb",
                   "Accenture", "Datadog", "Ocado", "Philips"],
        "templates": [
            "User mentioned they've started at {v}.",
            "- job: {v}, onboarding this week",
            'User said: "first proper week at {v} and I already have twelve recurring meetings."',
            "User complained about the commute to the {v} office.",
            "Session summary: user wanted batch-cooking recipes. Their manager at {v} moved a deadline "
            "up, so evenings are tight. Also asked about noise-cancelling headphones.",
            "I work at {v}, so please keep that in mind when I ask about expense policies.",
            "Note: user's employer is {v}; their laptop is managed by the {v} IT team.",
            "User asked how to word a message to HR at {v} about annual leave.",
            "User left {p} for {v}; last day at the old place was Friday.",
            "- employer: {v} (previously {p})",
            'User said: "handing back my {p} badge felt weird, but the offer from {v} was too good."',
            "Session summary: user is in good spirits. They resigned from {p} and have joined {v}. "
            "Asked for tips on making a good first impression and a lunchbox shopping list.",
            "Career update: no longer at {p}. User now works for {v}.",
            "Quit {p}. Signed with {v}, starting Monday.",
        ],
        "now_q": [
            "Where does the user work now?",
            "Who is the user's current employer?",
            "Which company is the user working for these days?",
            "Who does the user work for at the moment?",
            "Which company employs the user?",
            "user employer current",
            "user job company",
        ],
        "before_q": [
            "Where did the user work before their latest job?",
            "Who was the user's previous employer?",
            "Which company did the user use to work for?",
        ],
        "year_q": [
            "Who was the user working for in {year}?",
            "Which company employed the user in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} got a job at {v}."),
            ("u", "Guess who's working at {v} now: {who}!"),
            ("a", "Note: {who} works for {v}."),
            ("a", "User said {who} quit {p} and started at {v}."),
            ("u", 'User said: "{who} finally left {p}, they\'re at {v} now."'),
        ],
        "other_q": [
            "Where does the user's {rel} work now?",
            "Who is the user's {rel} working for these days?",
            "user {rel} employer current",
        ],
    },
    "phone": {
        "values": ["Pixel 9 Pro", "iPhone 16", "Galaxy S24", "Nothing Phone 2",
                   "OnePlus 12", "Xperia 1 V", "Moto Edge 50", "Fairphone 5",
                   "Pixel 8a", "iPhone 13 mini", "Galaxy Z Flip6", "Xiaomi 14",
                   "Zenfone 10", "Nokia X30"],
        "templates": [
            "- phone: {v} now, still getting used to the gestures",
            "User mentioned their {v} keeps overheating when they use maps.",
            'User said: "just set up the new {v}, everything transferred fine."',
            "Note: user's mobile is the {v}; give settings instructions for that model.",
            "Session summary: user was planning a weekend hike. Asked whether the {v} camera is good "
            "enough for landscapes, and wanted a packing list with snacks.",
            "My phone is the {v}, if that matters for the app you're recommending.",
            "User asked how to get more battery life out of their {v}.",
            "- phone: upgraded, {v} now (the {p} went to a trade-in)",
            "User swapped the {p} for the {v}.",
            'User said: "finally retired the {p}; the {v} is so much faster."',
            "Session summary: short chat. User dropped their {p} in a puddle and it was beyond saving, "
            "so they bought the {v}. Also asked for a reminder to back up photos weekly.",
            "Phone change noted: {p} -> {v}.",
            "I've switched from the {p} to the {v}, so the old screenshots won't match.",
        ],
        "now_q": [
            "What phone does the user have now?",
            "Which phone model is the user currently using?",
            "What phone is the user carrying these days?",
            "What phone does the user use at the moment?",
            "Which smartphone does the user own?",
            "user phone model current",
        ],
        "before_q": [
            "What phone did the user have before the latest one?",
            "Which phone did the user previously use?",
            "What phone did the user use to have?",
        ],
        "year_q": [
            "What phone did the user have in {year}?",
            "Which phone was the user using in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} bought the {v}."),
            ("u", 'User said: "of course {who} got the {v} the day it came out."'),
            ("a", "Note: {who} uses the {v}."),
            ("a", "User said {who} replaced the {p} with the {v}."),
            ("u", "Helped {who} move everything off the {p} onto the {v}."),
        ],
        "other_q": [
            "What phone does the user's {rel} have now?",
            "Which phone is the user's {rel} currently using?",
            "user {rel} phone",
        ],
    },
    "dog": {
        "values": ["Ziggy", "Bruno", "Luna", "Koda", "Winston", "Nala", "Rocco",
                   "Hazel", "Scout", "Bandit", "Juno", "Ollie", "Remy", "Pippin"],
        "templates": [
            "User mentioned their dog {v} chewed through another charging cable.",
            "- dog: {v} (rescue, very shy with strangers)",
            'User said: "{v} has figured out how to open the back door, send help."',
            "Note: user's dog is called {v}; they like hearing about dog-friendly cafes.",
            "Session summary: user asked about cheap flights and a present for a colleague. Had to "
            "step away mid-chat because {v} needed walking. Came back and asked for a vet checklist.",
            "My dog's name is {v}, use that if you make me a training plan.",
            "User asked whether it's normal that {v} sleeps most of the afternoon.",
            "After {p} passed away, the user adopted a new dog named {v}.",
            "- dog: {v} now; {p} went to live with the user's parents on the farm",
            'User said: "we miss {p} loads, but {v} has brought so much chaos and joy into the house."',
            "Session summary: emotional chat. User's old dog {p} was rehomed after an allergy "
            "diagnosis. They've since brought home a puppy called {v}. Asked for puppy-proofing tips.",
            "Update: the dog in the user's life is {v} these days, not {p}.",
            "Said goodbye to {p}. New pup: {v}.",
        ],
        "now_q": [
            "What is the user's dog called now?",
            "What's the name of the user's current dog?",
            "Which dog does the user have these days?",
            "What is the user's dog's name at the moment?",
            "What is the name of the user's dog?",
            "user dog name current",
        ],
        "before_q": [
            "What was the user's previous dog called?",
            "What was the name of the dog the user had before?",
            "What dog did the user use to have?",
        ],
        "year_q": [
            "What was the user's dog called in {year}?",
            "Which dog did the user have in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} has a dog called {v}."),
            ("u", "Dog-sitting for {who} this weekend; {v} is a handful."),
            ("a", "Note: {who} adopted a puppy named {v}."),
            ("a", "User said {who} rehomed {p} and now has {v}."),
            ("u", "Sad news from {who}: {p} died, but they've taken in a rescue called {v}."),
        ],
        "other_q": [
            "What is the user's {rel}'s dog called now?",
            "Which dog does the user's {rel} have these days?",
            "user {rel} dog name current",
        ],
    },
    "gym": {
        "values": ["Equinox", "PureGym", "Crunch Fitness", "Orangetheory", "F45",
                   "Barry's", "Third Space", "Virgin Active", "Blink Fitness",
                   "Anytime Fitness", "Fitness First", "Gymbox", "Planet Fitness",
                   "Snap Fitness", "Ironworks"],
        "templates": [
            "User mentioned they've signed up at {v}.",
            "- gym: {v}, goes before work",
            'User said: "the 6am crowd at {v} is terrifyingly fit."',
            "User complained the showers at {v} were cold again.",
            "Session summary: user wanted meal ideas with more protein. They've been doing leg day at "
            "{v} three times a week and their knees are sore. Asked for a stretching routine.",
            "I train at {v}, so build the programme around their kit.",
            "Note: user's gym membership is with {v}; check class timetables there.",
            "User cancelled {p} and joined {v} instead.",
            "- gym: {v} (dropped {p}, too far)",
            'User said: "I gave up on {p}, the new place, {v}, has actual squat racks."',
            "Session summary: user is budgeting. They moved their membership from {p} to {v} because "
            "it's cheaper. Also wants a reminder to renew the car insurance.",
            "Membership switched: {p} out, {v} in.",
            "I'm not at {p} any more, I go to {v} now.",
        ],
        "now_q": [
            "Which gym does the user go to now?",
            "What gym is the user currently a member of?",
            "Where does the user work out these days?",
            "Which gym is the user using at the moment?",
            "What gym does the user belong to?",
            "user gym membership current",
        ],
        "before_q": [
            "Which gym did the user go to before?",
            "What was the user's previous gym?",
            "Which gym did the user use to train at?",
        ],
        "year_q": [
            "Which gym was the user a member of in {year}?",
            "Where did the user work out in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} trains at {v}."),
            ("u", "Got a guest pass from {who} for {v}."),
            ("a", "Note: {who} joined {v}."),
            ("a", "User said {who} dropped {p} for {v}."),
            ("u", "Apparently {who} gave up on {p}; it's {v} now."),
        ],
        "other_q": [
            "Which gym does the user's {rel} go to now?",
            "Where does the user's {rel} work out these days?",
            "user {rel} gym",
        ],
    },
    "car": {
        "values": ["Honda Civic", "Toyota Corolla", "Tesla Model 3", "Mazda CX-5",
                   "Subaru Outback", "VW Golf", "Ford Focus", "Kia Niro",
                   "Hyundai Ioniq 5", "Volvo XC40", "Skoda Octavia", "Nissan Leaf",
                   "BMW i3", "Renault Clio", "Peugeot 208"],
        "templates": [
            "User mentioned their {v} needs new tyres soon.",
            "- car: {v}, silver, bought second-hand",
            'User said: "the {v} finally passed its inspection."',
            "Note: user drives a {v}; suggest parking and charging options accordingly.",
            "Session summary: user planned a road trip with friends. Asked whether the {v} can fit "
            "four people plus camping gear. Also wanted a playlist for the drive.",
            "I drive a {v}, so the roof box has to fit that.",
            "User asked how often the {v} should be serviced.",
            "User sold the {p} and bought a {v}.",
            "- car: {v} now (traded in the {p})",
            'User said: "said goodbye to the old {p} today, the {v} smells brand new."',
            "Session summary: user had a stressful week. The {p} failed its MOT so they replaced it "
            "with a {v}. Asked how to get the insurance moved over.",
            "Car change: {p} gone, {v} on the drive.",
            "We swapped the {p} for a {v}. Way better gas mileage.",
        ],
        "now_q": [
            "What car does the user drive now?",
            "What is the user's current car?",
            "What is the user driving these days?",
            "What car does the user have at the moment?",
            "Which car does the user own?",
            "user car current model",
        ],
        "before_q": [
            "What car did the user drive before?",
            "What was the user's previous car?",
            "What car did the user use to drive?",
        ],
        "year_q": [
            "What car did the user drive in {year}?",
            "Which car did the user own in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} drives a {v}."),
            ("u", "Borrowed the {v} from {who} for the weekend."),
            ("a", "Note: {who} bought a {v}."),
            ("a", "User said {who} sold the {p} and got a {v}."),
            ("u", "Went for a spin with {who} in the {v} that replaced the {p}."),
        ],
        "other_q": [
            "What car does the user's {rel} drive now?",
            "What is the user's {rel} driving these days?",
            "user {rel} car current",
        ],
    },
    "partner": {
        "values": ["Dana", "Marcus", "Elena", "Rafael", "Sophie", "Jonah", "Amara",
                   "Lukas", "Ingrid", "Theo", "Callum", "Naomi", "Mateo", "Freya"],
        "templates": [
            "Note: user's partner is {v}.",
            "- partner: {v} (together a few months)",
            'User said: "{v} and I are doing a pottery class on Thursdays."',
            "User wants gift ideas for {v}'s birthday.",
            "Session summary: user asked for a lasagne recipe and a packing list. They're cooking "
            "dinner for {v} this weekend and want it to be special. Also asked for wine pairings.",
            "My partner {v} thinks I should ask you about this.",
            "User mentioned {v} is moving some things into their place.",
            "Note: user's partner is now {v}; they broke up with {p} earlier.",
            "- partner: {v} (split from {p})",
            'User said: "things with {p} just ran their course. I\'ve been seeing {v} and it\'s going really well."',
            "Session summary: quiet chat. User said they and {p} separated amicably, and they've "
            "started dating {v}. Wanted restaurant suggestions for a third date.",
            "Relationship update: no longer with {p}; new partner is {v}.",
            "It's over with {p}. I'm with {v} now, so please stop suggesting our old haunts.",
        ],
        "now_q": [
            "Who is the user's partner now?",
            "Who is the user currently dating?",
            "Who is the user seeing these days?",
            "Who is the user in a relationship with at the moment?",
            "What is the name of the user's partner?",
            "user partner name current",
        ],
        "before_q": [
            "Who was the user's partner before?",
            "Who did the user previously date?",
            "Who did the user use to go out with?",
        ],
        "year_q": [
            "Who was the user's partner in {year}?",
            "Who was the user dating in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} is seeing someone called {v}."),
            ("u", "Met {v}, who's dating {who}, at the barbecue. Lovely person."),
            ("a", "Note: {who} is in a relationship with {v}."),
            ("a", "User said {who} broke up with {p} and is with {v} now."),
            ("u", "So {who} and {p} are done; it's {v} now, apparently."),
        ],
        "other_q": [
            "Who is the user's {rel} dating now?",
            "Who is the user's {rel} seeing these days?",
            "user {rel} partner",
        ],
    },
    "bank": {
        "values": ["Barclays", "Revolut", "HSBC", "Wells Fargo", "Santander",
                   "Lloyds", "ING", "Starling", "Capital One", "NatWest",
                   "Ally Bank", "Halifax", "N26", "Monzo", "Rabobank"],
        "templates": [
            "User mentioned they opened a current account with {v}.",
            "- bank: {v}, main account + savings pot",
            'User said: "{v} froze my card again because I bought coffee abroad."',
            "User complained about the {v} app logging them out constantly.",
            "Session summary: user asked about budgeting apps and a gift for their niece. Their salary "
            "lands in their {v} account, so they want to set up standing orders there. Asked for a "
            "monthly budget template.",
            "I bank with {v}, so the instructions need to be for their app.",
            "Note: user's bank is {v}; flag anything about their fees.",
            "User closed their {p} account and moved everything to {v}.",
            "- bank: {v} (switched from {p})",
            'User said: "I\'m done with {p} and their fees. Everything\'s with {v} now."',
            "Session summary: admin-heavy chat. User completed the switch from {p} to {v} and asked how "
            "to update direct debits. Also wanted a reminder to cancel a free trial.",
            "Banking change: left {p}, now with {v}.",
            "Moved my salary from {p} to {v} this month.",
        ],
        "now_q": [
            "Which bank does the user use now?",
            "Who does the user currently bank with?",
            "Which bank is the user with these days?",
            "Where does the user keep their money at the moment?",
            "Which bank holds the user's main account?",
            "user bank current",
        ],
        "before_q": [
            "Which bank did the user use before?",
            "Who did the user previously bank with?",
            "Which bank did the user use to be with?",
        ],
        "year_q": [
            "Which bank did the user use in {year}?",
            "Who was the user banking with in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} banks with {v}."),
            ("u", "Helped {who} set up the {v} app."),
            ("a", "Note: {who} opened an account with {v}."),
            ("a", "User said {who} moved from {p} to {v}."),
            ("u", "Spent an hour on the phone helping {who} close the {p} account and open one with {v}."),
        ],
        "other_q": [
            "Which bank does the user's {rel} use now?",
            "Who does the user's {rel} bank with these days?",
            "user {rel} bank current",
        ],
    },
    "dentist": {
        "values": ["Dr Okafor", "Dr Lindqvist", "Dr Haddad", "Dr Moreau",
                   "Dr Castellanos", "Dr Whitfield", "Dr Nakamura", "Dr Brennan",
                   "Dr Albrecht", "Dr Farouk", "Dr Kowalski", "Dr Adeyemi",
                   "Dr Sorensen", "Dr Valdez"],
        "templates": [
            "User mentioned they've registered with {v} as their dentist.",
            "- dentist: {v}, check-ups every six months",
            'User said: "{v} says I need to floss more, which, fair."',
            "User has a filling booked with {v} next Tuesday.",
            "Session summary: user asked for soft-food recipes after a long appointment with {v}. "
            "They're also planning a friend's hen do and wanted game ideas.",
            "My dentist is {v}, can you remind me to book the next check-up?",
            "Note: user sees {v} for dental care; appointments are usually early morning.",
            "User left {p}'s practice and now sees {v}.",
            "- dentist: {v} (moved on from {p})",
            'User said: "{p} retired, so I\'m with {v} now. Lovely chairside manner."',
            "Session summary: user talked about a toothache. They've stopped going to {p} because of "
            "the waiting list, and {v} fitted them in the same week. Asked about painkiller doses.",
            "Dental care switched from {p} to {v}.",
            "Not seeing {p} any more; {v} is my dentist now.",
        ],
        "now_q": [
            "Who is the user's dentist now?",
            "Which dentist is the user currently seeing?",
            "Who does the user go to for dental care these days?",
            "Who is the user's dentist at the moment?",
            "Who does the user see for dental check-ups?",
            "user dentist current",
        ],
        "before_q": [
            "Who was the user's dentist before?",
            "Which dentist did the user previously see?",
            "Which dentist did the user use to go to?",
        ],
        "year_q": [
            "Who was the user's dentist in {year}?",
            "Which dentist did the user see in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} sees {v} for their teeth."),
            ("u", "Drove {who} to an appointment with {v}."),
            ("a", "Note: {who} is registered with {v}."),
            ("a", "User said {who} left {p} and goes to {v} now."),
            ("u", "Recommended {v} to {who} after the trouble with {p}, and they've switched."),
        ],
        "other_q": [
            "Who is the user's {rel}'s dentist now?",
            "Which dentist does the user's {rel} currently see?",
            "user {rel} dentist",
        ],
    },
    "band": {
        "values": ["Velvet Static", "Copper Tides", "Glass Harbour", "Midnight Tram",
                   "Low Orbit", "Hollow Pines", "Tin Cathedral", "Neon Parish",
                   "Static Bloom", "Quiet Engines", "Brass Pilots", "Salt Meridian",
                   "Paper Satellites", "Amber Relay"],
        "templates": [
            "User mentioned they've joined {v} as the new bassist.",
            "- band: {v}, rehearsals Wednesdays",
            'User said: "{v} got booked for a pub gig next month!"',
            "User asked for help writing a bio for {v}'s website.",
            "Session summary: user was stressed about a deadline. Afterwards they asked for setlist "
            "ideas for {v} and tips on stage fright. Also wants a reminder to restring their guitar.",
            "I play in {v}, so weekends are often taken by gigs.",
            "Note: user plays in a band called {v}; they like feedback on lyrics.",
            "User quit {p} and now plays with {v}.",
            "- band: {v} (left {p} after creative differences)",
            'User said: "{p} kind of fell apart, but {v} needed a drummer, so here I am."',
            "Session summary: upbeat chat. User has left {p} and joined {v}, who rehearse closer to "
            "home. Asked for advice on learning twenty songs in a month.",
            "Band change: {p} -> {v}.",
            "No more {p} for me; I'm playing with {v} now.",
        ],
        "now_q": [
            "Which band does the user play in now?",
            "What band is the user currently playing with?",
            "What band is the user gigging with these days?",
            "Which band is the user in at the moment?",
            "What's the name of the user's band?",
            "user band current",
        ],
        "before_q": [
            "Which band did the user play in before?",
            "What was the user's previous band?",
            "Which band did the user use to play with?",
        ],
        "year_q": [
            "Which band was the user playing in during {year}?",
            "What band did the user play with in {year}?",
        ],
        "other": [
            ("a", "User mentioned {who} plays in {v}."),
            ("u", "Went to see {who} play with {v} last night."),
            ("a", "Note: {who} joined a band called {v}."),
            ("a", "User said {who} left {p} to join {v}."),
            ("u", "Turns out {who} quit {p}; they're with {v} now."),
        ],
        "other_q": [
            "Which band does the user's {rel} play in now?",
            "What band is the user's {rel} in these days?",
            "user {rel} band",
        ],
    },
}
SLOT_ORDER = list(SLOTS)

OTHER_PEOPLE = [
    ("cousin", "Priya"), ("sister", "Maren"), ("brother", "Tobias"),
    ("best friend", "Keiko"), ("neighbour", "Gideon"), ("colleague", "Ruth"),
    ("flatmate", "Anselm"), ("aunt", "Philippa"), ("uncle", "Desmond"),
    ("old roommate", "Kofi"), ("mentor", "Yusuf"), ("sister-in-law", "Carys"),
]

WHO_FORMS = {
    "a": ["the user's {rel} {name}", "{name} (the user's {rel})", "{name} ({rel})",
          "their {rel} {name}", "their {rel}"],
    "u": ["my {rel} {name}", "my {rel}", "{name} (my {rel})", "{name} ({rel})"],
}

# ---------------------------------------------------------------------------
# Filler
# ---------------------------------------------------------------------------

FILLER_GENERAL = [
    "User asked for a quick recipe using leftover rice and frozen peas.",
    "Note: user prefers short bullet-point answers over long paragraphs.",
    "- groceries: oat milk, eggs, spinach, coffee filters",
    'User said: "it has not stopped raining for three days straight."',
    "User was in a good mood today and joked about their sourdough starter.",
    "Session summary: user asked for help drafting an email about a dripping tap. Then we brainstormed "
    "names for a pub quiz team. They signed off early to cook dinner.",
    "I burnt the toast again, the smoke alarm is very dramatic.",
    "User wants a reminder to water the tomato plants every other day.",
    "Note: user is trying to drink more water; suggested a tracking habit.",
    "User asked what to get a six-year-old for a birthday party.",
    "- errands: post office, pick up dry cleaning, return library books",
    'User said: "the bins go out on Tuesday, not Wednesday, I always forget."',
    "User spent the evening assembling a flat-pack bookshelf and lost two screws.",
    "Session summary: light chat about a documentary on octopuses. User asked for three similar films, "
    "then for a reminder to defrost chicken.",
    "User mentioned a headache from staring at spreadsheets all day.",
    "Can you give me a ten-minute stretching routine for my back?",
    "Note: user dislikes coriander; avoid it in recipe suggestions.",
    "User asked how long cooked pasta keeps in the fridge.",
    "- mood: tired but okay",
    "User finished a thousand-piece jigsaw puzzle and was very proud.",
    "User said the neighbourhood cat has started visiting their balcony.",
    "It's freezing this morning, I had to scrape ice off everything.",
    "User asked for help splitting a restaurant bill fairly between five people.",
    "Note: user is learning to knit and wants beginner patterns.",
    "User asked for a polite way to decline a wedding invitation.",
    "Session summary: user vented about a frustrating call with an insurance company, then asked for a "
    "chocolate cake recipe. Ended on a cheerful note.",
    "User wants to read more fiction this year; asked for recommendations.",
    "- reading: halfway through a long fantasy novel",
    'User said: "I have eaten cereal for dinner three nights running, please help."',
    "User asked what the difference is between baking soda and baking powder.",
    "Note: user mentioned in passing that they're allergic to penicillin.",
    "User planted tulip bulbs in the garden this afternoon.",
    "I can't decide between painting the hallway grey or green.",
    "User asked for a packing list for a weekend at the seaside.",
    "User mentioned they've been sleeping badly because of the heat.",
    "Session summary: user wanted a budget-friendly meal plan for the week. We settled on lentil soup, "
    "a stir-fry and a tray bake. They asked for a shopping list at the end.",
    "- to do: renew passport, book haircut, call grandma",
    "User asked how to get red wine out of a carpet.",
    "Note: user likes podcasts about history and true crime.",
    "User was annoyed that the washing machine flooded the kitchen floor.",
    'User said: "I tried the overnight oats recipe and it was actually nice."',
    "User asked for tips on keeping basil alive indoors.",
    "User mentioned a long queue at the post office.",
    "Please remind me to send the thank-you cards.",
    "User asked for a simple explanation of how compound interest works.",
    "Note: user wants weekly check-ins on their reading goal.",
    "User is organising a surprise party and wants a timeline.",
    "- weather: grey and drizzly all day",
    "User asked for board game suggestions for four players.",
    "User mentioned the boiler is making a clanking noise.",
    "Session summary: user asked how to repot a cactus without getting stabbed. We talked about gloves "
    "and newspaper. They also wanted a joke for a leaving card.",
    "I'm trying to cut down on sugar, any snack ideas?",
    "User asked how to make a proper cup of tea for a visiting relative.",
    "Note: user is a night owl and usually chats after 10pm.",
    "User went to a farmers' market and came back with far too many apples.",
    "User asked for a crossword clue: seven letters, a type of cloud.",
    'User said: "the heatwave is finally over, I can think again."',
    "User mentioned they've started journaling before bed.",
    "- chores: hoover the stairs, descale the kettle",
    "User wanted a banana bread recipe that uses three overripe bananas.",
    "Note: user asked not to be nagged about chores at weekends.",
    "User asked how to unclog a bathroom sink.",
    "User's houseplant has yellow leaves; asked for a diagnosis.",
    "Session summary: user was bored on a rainy afternoon. We came up with a list of indoor activities. "
    "They picked baking scones.",
    "I lost my keys for an hour and they were in the fridge.",
    "User asked for a gentle way to tell a friend they're always late.",
    "Note: user prefers metric units in recipes.",
    "User mentioned they do a daily crossword with their morning coffee.",
    "User asked which vegetables are in season in autumn.",
    "- shopping: new umbrella, lightbulbs, birthday card",
    "User asked how to fold a fitted sheet and was unimpressed by the answer.",
    'User said: "I walked fifteen thousand steps today without meaning to."',
    "User wants a reminder to book a flu jab.",
    "Note: user finds long replies tiring; keep answers brief.",
    "User asked for ideas to use up a large bag of potatoes.",
    "User mentioned the street was closed for a parade this morning.",
    "Session summary: practical chat about decluttering a wardrobe. User plans to donate two bags of "
    "clothes and asked when charity shops usually open.",
    "I think I'm coming down with a cold.",
    "User asked for a soup recipe that's good for a sore throat.",
    "Note: user wants to learn basic sign language.",
    "User spent the morning sorting through old photos.",
    "User asked how to write a condolence message.",
    "- health: mild cold, taking it easy",
    "User mentioned that the library has started a book club.",
    "User asked for tips on falling asleep faster.",
    'User said: "my sourdough finally rose properly, I nearly cried."',
    "User wanted help choosing paint colours for a small bathroom.",
    "Note: user is saving for a holiday and wants to track spending.",
    "User asked about the best way to store fresh herbs.",
    "User mentioned a power cut that lasted most of the evening.",
    "Session summary: user asked for a list of cheap date-night ideas, then switched to asking how to "
    "descale a shower head. Brief and friendly.",
    "I want to try a new hobby that doesn't involve screens.",
    "User asked for a pancake recipe without eggs.",
    "Note: user tends to forget birthdays; offered to keep a list.",
    "User said the trains were cancelled because of leaves on the line.",
    "User asked for help planning a picnic.",
    "- plans: quiet weekend, maybe a film",
    "User mentioned they tried paddleboarding and fell in twice.",
    "User asked what to plant in a shady corner of the garden.",
    'User said: "I accidentally dyed all my socks pink."',
    "Note: user enjoys puzzles and riddles; occasionally offer one.",
    "User asked how to keep a bike chain from rusting.",
    "User mentioned the smell of fresh paint is giving them a headache.",
    "Session summary: user wanted to understand a confusing electricity bill. We broke down the standing "
    "charge and unit rates. They plan to compare tariffs next week.",
    "I need a gift for someone who has everything.",
    "User asked for a good stir-fry sauce recipe.",
    "Note: user is vegetarian on weekdays.",
    "User spent the afternoon at a museum and loved the dinosaur hall.",
    "User asked how to politely ask the neighbours to turn their music down.",
    "- evening: takeaway and an early night",
    "User mentioned the fog was so thick they couldn't see the end of the road.",
    "User asked how far in advance to make a Christmas cake.",
    'User said: "I finally cleared my inbox. Zero unread. Feels illegal."',
    "User wants a reminder to call their grandmother on Sunday afternoon.",
    "User went to the beach this arvo and got sunburnt, reckons it was worth it.",
    "Note: user spells things the American way in emails to clients; match their style.",
    "User asked for a quick explanation of how a heat pump works.",
    "User mentioned their upstairs neighbour has taken up the trumpet.",
    "Kindly remind me about the electricity bill on the fifth.",
    "User asked for a checklist before going on holiday: plants, post, thermostat.",
    "User said the new season of their favourite baking show is disappointing.",
    "Note: user likes dark mode screenshots in instructions.",
    "User asked how to make cold brew at home.",
    "User mentioned they finally fixed the wobbly kitchen table with a folded beer mat.",
    "- dinner: leftover chilli, rice",
    "User asked for some riddles to entertain guests at a dinner party.",
    "User's washing got rained on twice today.",
    'User said: "why does every recipe assume I own a food processor?"',
    "Session summary: user asked for a weekend itinerary for visiting friends. We sketched a walk, a "
    "market and a pub lunch. They asked for a wet-weather backup plan too.",
]

FILLER_TOPIC = [
    # home
    "User is thinking about whether to renew the lease.",
    "Note: user wants a list of parks near home.",
    "User said the new neighbours are loud but friendly.",
    "User's council tax bill arrived and they were annoyed.",
    # job
    "User had a rough one-to-one with their manager.",
    "Note: user is considering asking for a raise.",
    "User said the office coffee machine is broken again.",
    "User is updating their CV just in case.",
    # phone
    "Note: user wants a new phone case.",
    "User's phone screen has a crack in the corner.",
    "User asked how to free up storage on their phone.",
    "User's phone battery died halfway through the day.",
    # dog
    "User's dog rolled in something awful at the park.",
    "Note: user needs to book the dog's vaccinations.",
    "User asked about chew toys for a strong chewer.",
    "User's dog barked at the postman for twenty minutes.",
    # gym
    "User's gym was packed again.",
    "Note: user skipped the gym this week.",
    "User asked for a beginner deadlift routine.",
    "User said the gym's sauna is closed for repairs.",
    # car
    "User's car needs an oil change.",
    "Note: user got a parking ticket.",
    "User asked how to jump-start a flat car battery.",
    "User said the car's air conditioning smells odd.",
    # partner
    "User's partner is away for work this week.",
    "Note: user wants anniversary ideas.",
    "User and their partner argued about whose turn it was to do the dishes.",
    "User's partner made them breakfast in bed.",
    # bank
    "User's bank app was down all morning.",
    "Note: user wants to set up a savings goal.",
    "User asked how to dispute a card charge.",
    "User's bank sent a scam warning text.",
    # dentist
    "User's dentist appointment got pushed back a week.",
    "Note: user needs to book a hygienist visit.",
    "User asked whether electric toothbrushes are worth it.",
    "User has a sensitive tooth on the left side.",
    # band
    "User's band rehearsal ran late.",
    "Note: user wants to buy a new amp.",
    "User asked for help with a tricky chord progression.",
    "User said the band's drummer keeps showing up late.",
    "- band: gig cancelled, venue double-booked",
    "- gym: new class timetable out",
]

PERSONAS = {
    "barista": {
        "lines": [
            "User's cafe switched to a new espresso blend and the regulars have opinions.",
            "User worked a double shift and their feet are killing them.",
            "Note: user is practising latte art and wants feedback on rosettas.",
            'User said: "someone ordered a decaf oat cortado with five sugars today."',
            "User asked how to calibrate a grinder for a lighter roast.",
            "- shift: opening tomorrow, 6am start",
            "User mentioned the milk delivery was late so they ran out of whole milk by ten.",
            "Session summary: user asked for ideas for a seasonal drinks menu. We came up with a spiced "
            "pear latte and a ginger cold brew. They want to pitch it to the manager on Monday.",
            "User is thinking about entering a barista competition.",
            "User asked for tips on dealing with a rude customer politely.",
            "Note: user's cafe is trialling a loyalty stamp card.",
            "User burnt their hand on the steam wand, nothing serious.",
        ],
        "done": [
            "cleaned the espresso machine", "restocked the syrups", "dialled in the grinder",
            "trained a new starter", "closed up the cafe", "counted the till",
            "steamed about two hundred milks", "mopped the cafe floor", "unpacked the bean delivery",
            "wrote the specials board", "tested a new cold brew ratio", "covered a colleague's shift",
            "fixed the dishwasher at work", "served a coach party", "practised pouring tulips",
            "tidied the pastry case", "cupped three new coffees", "changed the water filter",
            "made a batch of iced tea", "sorted the recycling at the cafe",
        ],
    },
    "developer": {
        "lines": [
            "User spent the afternoon chasing a flaky integration test.",
            "Note: user prefers Python examples with type hints.",
            'User said: "the deploy went out on a Friday and nothing broke, miracles happen."',
            "User asked for help naming a function that does too many things.",
            "- work: code review backlog, on-call next week",
            "User mentioned a production incident kept them up until 2am.",
            "Session summary: user wanted an explanation of database indexes. We went through B-trees "
            "with a library analogy. They also asked for a lunch idea that isn't a sandwich.",
            "User asked how to write a good pull request description.",
            "Note: user is learning Rust in their spare time.",
            "User complained that their standup meeting lasted forty minutes.",
            "User asked for a regex to validate postcodes.",
            "User's mechanical keyboard has a sticky space bar.",
        ],
        "done": [
            "fixed a memory leak", "reviewed three pull requests", "rewrote a messy module",
            "paired with a junior developer", "debugged a timezone issue", "updated the dependencies",
            "wrote a design doc", "sat through a long planning meeting", "cleared the CI queue",
            "migrated a database table", "gave a demo to the product team",
            "wrote unit tests for the parser", "deleted a lot of dead code",
            "tracked down a race condition", "set up a new laptop", "answered pager alerts",
            "refactored the login flow", "documented an internal API", "profiled a slow endpoint",
            "closed ten old tickets",
        ],
    },
    "nurse": {
        "lines": [
            "User is coming off three night shifts and wants easy meals.",
            "Note: user works rotating shifts; schedule reminders around sleep.",
            'User said: "twelve hours on the ward and I sat down once."',
            "User asked for tips on sleeping during the day.",
            "- rota: nights Thursday to Saturday",
            "User mentioned the ward was short-staffed again.",
            "Session summary: user wanted a calming playlist for the drive home after a tough shift. We "
            "talked about decompression rituals. They asked for a reminder to order compression socks.",
            "User asked for help revising for a medication calculation test.",
            "Note: user is studying for a specialist nursing qualification.",
            "User said a patient's family brought the whole ward a tin of biscuits.",
            "User asked for comfortable shoe recommendations for long shifts.",
            "User's shift pattern changed at short notice.",
        ],
        "done": [
            "finished a night shift", "handed over to the day team", "did a medication round",
            "covered an extra shift", "completed mandatory training", "helped admit a patient",
            "restocked the supply cupboard", "mentored a student nurse", "updated care plans",
            "dealt with a busy overflow from A&E", "took bloods all morning", "filled in incident forms",
            "had a quiet shift for once", "swapped shifts with a colleague", "attended a ward meeting",
            "did a long day on the ward", "finished an online course module", "worked through a break",
            "sorted out the rota", "checked the resus trolley",
        ],
    },
    "parent": {
        "lines": [
            "User's toddler refused every vegetable at dinner again.",
            "Note: user has two kids; the school run is at 8:15.",
            'User said: "the baby slept five hours straight, we feel like new people."',
            "User asked for rainy-day activities for a four-year-old.",
            "- kids: swimming lessons Saturday, permission slip to sign",
            "User mentioned the nursery has a chickenpox outbreak.",
            "Session summary: user wanted lunchbox ideas that aren't sandwiches. We listed wraps, pasta "
            "salad and mini muffins. They asked how to get a child to try new foods.",
            "User asked for a bedtime story about a dragon who is scared of the dark.",
            "Note: user is planning a dinosaur-themed birthday party.",
            "User said the kids built a blanket fort that has taken over the lounge.",
            "User asked how to handle a tantrum in a supermarket.",
            "User's eldest lost a tooth and wants to know the going rate from the tooth fairy.",
        ],
        "done": [
            "did the school run", "packed three lunchboxes", "sat through a nativity rehearsal",
            "sorted a pile of outgrown clothes", "took the kids to the park",
            "helped with spelling homework", "cleaned crayon off the wall", "organised a playdate",
            "survived a soft-play party", "read the same bedtime story four times",
            "labelled every school jumper", "baked cupcakes for a bake sale",
            "went to a parents' evening", "bathed the kids early", "built a marble run",
            "negotiated screen time", "did the swimming lesson run", "made a costume for book day",
            "found a lost shoe", "set up a sticker chart",
        ],
    },
    "student": {
        "lines": [
            "User has a dissertation draft due at the end of the month.",
            "Note: user is on a tight student budget; suggest cheap options.",
            'User said: "pulled an all-nighter for the stats exam, never again."',
            "User asked for help structuring a literature review.",
            "- uni: seminar reading, group project meeting Thursday",
            "User mentioned the shared kitchen is a disaster after a party.",
            "Session summary: user wanted tips on referencing in APA style. We fixed three citations "
            "together. They also asked for a cheap pasta bake recipe.",
            "User asked how to ask a lecturer for an extension.",
            "Note: user is applying for summer internships.",
            "User said the library was so full they worked on the stairs.",
            "User asked for revision techniques that actually work.",
            "User is nervous about a presentation on Friday.",
        ],
        "done": [
            "finished a seminar reading", "submitted an essay", "revised in the library",
            "went to an eight o'clock lecture", "met the project group", "made flashcards",
            "emailed a tutor", "cooked for the whole flat", "worked a shift at the student bar",
            "sat a mock exam", "rewrote an introduction", "printed a poster for a presentation",
            "joined a society", "went to an open mic", "pulled a late night studying",
            "organised lecture notes", "applied for an internship", "handed in a lab report",
            "borrowed a textbook", "did the flat's food shop",
        ],
    },
    "teacher": {
        "lines": [
            "User is marking forty essays on the Tudors this weekend.",
            "Note: user teaches Year 9 history.",
            'User said: "parents evening ran until eight, my voice is gone."',
            "User asked for a fun starter activity about the Romans.",
            "- school: reports due Friday, trip forms to collect",
            "User mentioned a student asked a brilliantly weird question about pyramids.",
            "Session summary: user wanted help planning a lesson on persuasive writing. We built a "
            "debate activity. They asked for a reminder to photocopy worksheets.",
            "User asked for behaviour management strategies for a chatty class.",
            "Note: user is running the school's chess club.",
            "User said the staffroom kettle has finally been replaced.",
            "User asked for ideas for end-of-term quiz questions.",
            "User is exhausted after an inspection week.",
        ],
        "done": [
            "marked a stack of essays", "planned next week's lessons", "ran a detention",
            "led a school trip", "covered a colleague's class", "wrote reports",
            "put up a new display", "ran the chess club", "had a parents' evening",
            "photocopied worksheets", "did break duty", "set a mock exam", "invigilated an exam",
            "cleaned up after a science lesson", "sat in a staff meeting", "moderated coursework",
            "made a revision quiz", "updated the seating plan", "ran a lunchtime catch-up",
            "emailed parents about homework",
        ],
    },
}

_PAST_PREFIX = ["User mentioned they", "User said they", "Note: user", "Apparently the user",
                "User", "Quick note: the user", "Session note: user", "I"]
_PAST_WHEN = ["this morning", "after lunch", "on the way home", "before bed", "over the weekend",
              "late last night", "during a break", "yesterday", "earlier today", "again",
              "for the first time in ages", "in the rain", "with some music on", ""]
_DONE = [
    "did the laundry", "picked up groceries", "watered the plants", "cleaned the bathroom",
    "went for a long walk", "baked bread", "called an old friend", "paid the electricity bill",
    "fixed a wobbly chair", "sorted the recycling", "made a big pot of soup", "tidied the spare room",
    "finished a library book", "went to the cinema", "repotted a plant", "cleaned the windows",
    "ironed a week of shirts", "tried a new cafe", "cooked a curry from scratch",
    "defrosted the freezer", "cleared out the fridge", "went swimming", "wrote a letter to a friend",
    "organised the spice rack", "watched a documentary", "went to a pottery class",
    "made a birthday card", "booked a haircut", "returned a parcel", "changed the bed sheets",
    "mowed the lawn", "raked leaves", "hung some pictures", "painted a fence panel",
    "went for a bike ride", "visited a street market", "did a yoga video", "made pancakes",
    "wrapped presents", "learned a new song on the ukulele", "baked cookies",
    "vacuumed the whole house", "sorted out the junk drawer", "tried a new recipe",
    "went to a quiz night", "walked to the shops", "took a nap", "cleaned the oven", "planted herbs",
    "finished a crossword", "bought a new houseplant", "made fresh lemonade", "polished their shoes",
    "read the news", "tidied the garden shed", "fixed a dripping tap", "did some sketching",
    "listened to a new album", "made a smoothie", "reheated some leftovers",
]
_FUT_START = ["I need to", "Remind me to", "I keep forgetting to", "I should really",
              "Help me find time to", "Don't let me forget to", "User wants to", "Note: user plans to"]
_FUT_WHEN = ["tomorrow", "this weekend", "after work", "before Friday", "tonight", "on Sunday",
             "first thing in the morning", "at some point this week", "next week",
             "before the end of the month", "when it stops raining", ""]
_PLANS = [
    "do the laundry", "buy milk", "water the plants", "clean the bathroom", "call the plumber",
    "book a haircut", "renew the TV licence", "back up the photos", "return the library books",
    "sort out the recycling", "pay the council tax", "defrost the freezer",
    "write a thank-you note", "clean the oven", "change the bed sheets", "buy a birthday present",
    "fix the squeaky door", "order more printer ink", "cancel a free trial", "book a flu jab",
    "take the bins out", "replace the smoke alarm battery", "buy stamps", "get a new doormat",
    "descale the kettle", "pick up a prescription", "hoover the car mats", "tidy the desk",
    "reply to the group chat", "plan meals for the week", "make soup with the leftover veg",
    "dust the bookshelves", "wash the windows", "go for a run", "stretch properly",
    "read a chapter of the book", "ring grandma", "sort the sock drawer", "clear out the garage",
    "mend a torn jacket", "buy light bulbs", "send a birthday card", "book the boiler service",
    "clean the fridge", "bake something for the neighbours", "check the tyre pressure",
    "print the tickets", "repot the basil", "organise the photo albums", "charge the power bank",
    "sharpen the kitchen knives", "buy more coffee", "fix the bike puncture", "post the parcel",
    "clean the gutters", "schedule a catch-up with friends", "try a new recipe",
    "put the winter coats away", "wash the dog's bed", "find a decent plumber",
]
_MOOD_FRAME = ["User seemed {m} {r}.", "User sounded {m} {r}.", "Note: user felt {m} {r}.",
               'User said: "honestly feeling {m} {r}."']
_MOODS = ["tired", "cheerful", "a bit flat", "stressed", "relaxed", "restless", "upbeat", "frazzled",
          "content", "grumpy", "hopeful", "drained", "chatty", "distracted", "calm"]
_REASONS = [
    "after a long week", "because of the weather", "about an upcoming deadline",
    "after a good night's sleep", "since the heating broke", "after a run-in with a neighbour",
    "about a family visit", "after a lazy Sunday", "because the washing machine broke",
    "about the state of the garden", "after finishing a big project", "about money this month",
    "after too much coffee", "because of roadworks outside", "after a lovely dinner out",
    "about the clocks changing", "after a sleepless night", "because of a noisy party next door",
    "after a long walk", "about an overdue tax return", "after a dull meeting",
    "because the internet kept dropping", "after a good laugh with friends",
    "about a hospital appointment", "after spring cleaning",
]
_BULLET_TOPICS = ["mood", "energy", "sleep", "weather", "dinner", "lunch", "weekend", "errands",
                  "reading", "garden", "chores", "budget", "plans", "health", "hobby", "laundry",
                  "fridge", "inbox", "week", "morning", "evening", "kitchen", "houseplants",
                  "podcasts", "snacks", "coffee", "tv", "music", "steps", "to-do list"]
_BULLET_STATUS = ["fine", "pretty good", "could be better", "sorted", "in progress",
                  "behind schedule", "all done", "a bit chaotic", "quiet", "busy", "needs attention",
                  "on track", "not great", "surprisingly good", "meh", "improving", "postponed",
                  "mostly done", "ignored for now", "overdue", "better than yesterday",
                  "worse than expected", "under control", "a work in progress", "promising"]
_WEATHER = ["Heavy rain", "Bright sunshine", "Thick fog", "Strong wind", "Light snow", "Hail",
            "Muggy heat", "Sharp frost", "Drizzle", "Thunder", "Clear skies", "Sleet"]
_WEATHER_WHEN = ["this morning", "all afternoon", "overnight", "at lunchtime", "during the commute",
                 "this evening", "all day", "since dawn"]
_WEATHER_REACT = ["user stayed indoors", "user got soaked", "user went for a walk anyway",
                  "user's washing didn't dry", "user cancelled plans", "user made hot chocolate",
                  "user wore the wrong coat", "user enjoyed it", "user lit some candles",
                  "user complained a lot"]

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

ALL_VALUES = sorted({v for s in SLOTS.values() for v in s["values"]})
ALL_NAMES = sorted({n for _, n in OTHER_PEOPLE})
_FORBIDDEN_RE = re.compile(
    r"\b(?:" + "|".join(re.escape(x) for x in sorted(ALL_VALUES + ALL_NAMES, key=len, reverse=True))
    + r")\b", re.IGNORECASE)


def _norm(text):
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _mentions(text, value):
    return re.search(r"\b" + re.escape(value) + r"\b", text, re.IGNORECASE) is not None


def _iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def question_kind(q):
    s = q.lower()
    if re.search(r"\bnow\b", s):
        return "now"
    if "current" in s:
        return "currently"
    if "these days" in s:
        return "these days"
    if re.search(r"\bused? to\b", s):
        return "used to"
    if "before" in s or "previous" in s:
        return "before"
    if str(FIRST_YEAR) in s:
        return "in 2024"
    return "plain"


def _chain_dates(rng, changes):
    first = START + timedelta(days=rng.randrange(FIRST_WINDOW_DAYS), hours=rng.randint(7, 22),
                              minutes=rng.randrange(60), seconds=rng.randrange(60))
    months = sorted(rng.sample(CHANGE_MONTHS, changes))
    later = [datetime(2025, m, rng.randint(1, 28), rng.randint(7, 22), rng.randrange(60),
                      rng.randrange(60), tzinfo=timezone.utc) for m in months]
    return [first] + later


def _pick_templates(rng, templates, n, has_p):
    no_p = [t for t in templates if "{p}" not in has_p(t)]
    first = rng.choice(no_p)
    rest = [t for t in templates if t is not first]
    return [first] + rng.sample(rest, n - 1)


def _combo_lines(persona):
    out = []
    done = _DONE + PERSONAS[persona]["done"]
    for pre in _PAST_PREFIX:
        for d in done:
            for w in _PAST_WHEN:
                out.append(f"{pre} {d}{' ' + w if w else ''}.")
    for st in _FUT_START:
        for p in _PLANS:
            for w in _FUT_WHEN:
                out.append(f"{st} {p}{' ' + w if w else ''}.")
    for fr in _MOOD_FRAME:
        for m in _MOODS:
            for r in _REASONS:
                out.append(fr.format(m=m, r=r))
    for t in _BULLET_TOPICS:
        for s in _BULLET_STATUS:
            out.append(f"- {t}: {s}")
    for c in _WEATHER:
        for w in _WEATHER_WHEN:
            for r in _WEATHER_REACT:
                out.append(f"{c} {w}; {r}.")
    return out


_POOL_CACHE = {}


def _filler_pool(persona):
    """(handwritten, combinatorial) filler lines, value-free and distinct, deterministic order."""
    if persona not in _POOL_CACHE:
        seen = set()
        hand, combo = [], []
        for lst, src in ((hand, FILLER_GENERAL + FILLER_TOPIC + PERSONAS[persona]["lines"]),
                         (combo, _combo_lines(persona))):
            for line in src:
                k = _norm(line)
                if k in seen or _FORBIDDEN_RE.search(line):
                    continue
                seen.add(k)
                lst.append(line)
        _POOL_CACHE[persona] = (hand, combo)
    return _POOL_CACHE[persona]


# ---------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------

def generate(size, user=0, seed=0):
    rng = random.Random(f"blind10-ku/{seed}/{user}")
    persona = sorted(PERSONAS)[(user + seed) % len(PERSONAS)]
    seen = set()
    chains = []   # {"subject", "slot", "values", "mems": [(dt, content, idx)], "questions": [...]}

    def add_q(questions, text, subject, slot, tense, gold, values):
        questions.append({"question": text, "subject": subject, "slot": slot, "tense": tense,
                          "gold": gold, "values": list(values), "kind": question_kind(text)})

    # --- the user's own facts
    user_values = {}
    for slot in SLOT_ORDER:
        spec = SLOTS[slot]
        changes = rng.choice((2, 3))
        values = rng.sample(spec["values"], changes + 1)
        user_values[slot] = values
        dates = _chain_dates(rng, changes)
        tmpls = _pick_templates(rng, spec["templates"], changes + 1, lambda t: t)
        mems = []
        for i, (t, dt) in enumerate(zip(tmpls, dates)):
            content = t.format(v=values[i], p=values[i - 1] if i else "")
            seen.add(_norm(content))
            mems.append((dt, content, i))
        qs = []
        last = len(values) - 1
        for q in rng.sample(spec["now_q"], 2):
            add_q(qs, q, "user", slot, "now", last, values)
        add_q(qs, rng.choice(spec["before_q"]), "user", slot, "before", last - 1, values)
        add_q(qs, rng.choice(spec["year_q"]).format(year=FIRST_YEAR), "user", slot, "before", 0,
              values)
        chains.append({"subject": "user", "slot": slot, "values": values, "mems": mems,
                       "questions": qs, "other": False})

    # --- four other people (values differ from the user's, and from each other's where possible)
    others_used = {slot: set() for slot in SLOT_ORDER}
    for rel, name in rng.sample(OTHER_PEOPLE, 4):
        for slot in rng.sample(SLOT_ORDER, 3):
            spec = SLOTS[slot]
            changes = rng.choice((1, 2))
            pool = [v for v in spec["values"] if v not in user_values[slot]]
            fresh = [v for v in pool if v not in others_used[slot]]
            values = rng.sample(fresh if len(fresh) > changes else pool, changes + 1)
            others_used[slot].update(values)
            dates = _chain_dates(rng, changes)
            tmpls = _pick_templates(rng, spec["other"], changes + 1, lambda t: t[1])
            mems = []
            for i, ((style, t), dt) in enumerate(zip(tmpls, dates)):
                forms = WHO_FORMS[style][:]
                rng.shuffle(forms)
                for form in forms:
                    who = form.format(rel=rel, name=name)
                    content = t.format(who=who, v=values[i], p=values[i - 1] if i else "")
                    if _norm(content) not in seen:
                        break
                seen.add(_norm(content))
                mems.append((dt, content, i))
            qs = []
            add_q(qs, rng.choice(spec["other_q"]).format(rel=rel), rel, slot, "now",
                  len(values) - 1, values)
            chains.append({"subject": rel, "slot": slot, "values": values, "mems": mems,
                           "questions": qs, "other": True})

    # --- fit into size: drop whole chains if there are too many facts
    n_facts = sum(len(c["mems"]) for c in chains)
    if n_facts > size:
        order = [c for c in reversed(chains) if c["other"]] + \
                [c for c in reversed(chains) if not c["other"]]
        dropped = set()
        for c in order:
            if n_facts <= size:
                break
            dropped.add(id(c))
            n_facts -= len(c["mems"])
        chains = [c for c in chains if id(c) not in dropped]

    memories, questions = [], []
    for c in chains:
        for dt, content, i in c["mems"]:
            memories.append({"content": content, "created": _iso(dt),
                             "fact": {"subject": c["subject"], "slot": c["slot"], "index": i,
                                      "value": c["values"][i]}})
        questions.extend(c["questions"])
    fact_keys = {_norm(m["content"]) for m in memories}

    # --- filler
    need = size - len(memories)
    hand, combo = _filler_pool(persona)
    hand, combo = hand[:], combo[:]
    rng.shuffle(hand)
    rng.shuffle(combo)
    span = int((NOW - START).total_seconds())
    for line in hand + combo:
        if need <= 0:
            break
        k = _norm(line)
        if k in fact_keys:
            continue
        fact_keys.add(k)
        dt = START + timedelta(seconds=rng.randint(1, span - 1))
        memories.append({"content": line, "created": _iso(dt)})
        need -= 1
    if need > 0:
        raise ValueError(f"filler pool exhausted: size {size} too large")

    memories.sort(key=lambda m: m["created"])
    return {"split": SPLIT, "user": user, "seed": seed, "now": _iso(NOW),
            "memories": memories, "questions": questions}


# ---------------------------------------------------------------------------
# Self check
# ---------------------------------------------------------------------------

def self_check():
    # static content
    assert len(SLOTS) >= 10
    seen_vals = set()
    for slot, s in SLOTS.items():
        vals = s["values"]
        assert 12 <= len(vals) <= 16 and len(set(vals)) == len(vals), slot
        assert all(v[:1].isupper() or v[:1] == "i" for v in vals), slot  # iPhone
        assert not (seen_vals & set(vals)), slot
        seen_vals |= set(vals)
        t = s["templates"]
        assert len(t) >= 12 and len(set(t)) == len(t), slot
        assert sum("{p}" not in x for x in t) >= 5, slot
        assert all("{v}" in x for x in t), slot
        assert len(s["now_q"]) >= 6 and len(s["before_q"]) >= 3, slot
        assert len(s["year_q"]) >= 2 and all("{year}" in q for q in s["year_q"]), slot
        assert all(question_kind(q) in ("before", "used to") for q in s["before_q"]), slot
        assert all(question_kind(q.format(year=FIRST_YEAR)) == "in 2024" for q in s["year_q"]), slot
        assert all(question_kind(q) not in ("before", "used to", "in 2024") for q in s["now_q"]), slot
        o = s["other"]
        assert len(o) >= 3 and all("{who}" in x and "{v}" in x for _, x in o), slot
        assert sum("{p}" not in x for _, x in o) >= 3, slot
        assert s["other_q"] and all("{rel}" in q for q in s["other_q"]), slot
    for n in ALL_NAMES:
        assert not any(_mentions(v, n) or _mentions(n, v) for v in ALL_VALUES), n
    assert len(PERSONAS) >= 5
    assert len({r for r, _ in OTHER_PEOPLE}) == len(OTHER_PEOPLE)
    for name, p in PERSONAS.items():
        hand = FILLER_GENERAL + FILLER_TOPIC + p["lines"]
        bad = [x for x in hand if _FORBIDDEN_RE.search(x)]
        assert not bad, bad
        assert len({_norm(x) for x in hand}) == len(hand), name
        assert len(hand) >= 150, name
        assert len(_filler_pool(name)[1]) > 12000, name
    assert len(FILLER_TOPIC) >= 30

    kinds = {"now", "currently", "these days", "used to", "before", "in 2024", "plain"}
    lo, hi = _iso(START), _iso(NOW)
    for seed in (0, 1):
        for user in range(6):
            size = 300
            d = generate(size, user, seed)
            assert d == generate(size, user, seed)
            assert d["split"] == SPLIT and d["user"] == user and d["seed"] == seed
            assert d["now"] == "2025-10-01T09:00:00Z"
            mems = d["memories"]
            assert len(mems) == size
            assert len({_norm(m["content"]) for m in mems}) == size
            cr = [m["created"] for m in mems]
            assert cr == sorted(cr) and all(lo < c < hi for c in cr)
            chains = {}
            for m in mems:
                f = m.get("fact")
                if f is None:
                    assert not _FORBIDDEN_RE.search(m["content"]), m["content"]
                    continue
                assert _mentions(m["content"], f["value"]), m
                chains.setdefault((f["subject"], f["slot"]), []).append(m)
            user_chains = [k for k in chains if k[0] == "user"]
            others = {k[0] for k in chains if k[0] != "user"}
            assert len(user_chains) == len(SLOTS) and len(others) == 4
            for rel in others:
                assert sum(k[0] == rel for k in chains) == 3
            for (subj, slot), ms in chains.items():
                ms.sort(key=lambda m: m["fact"]["index"])
                idx = [m["fact"]["index"] for m in ms]
                assert idx == list(range(len(ms)))
                n_changes = len(ms) - 1
                assert n_changes in ((2, 3) if subj == "user" else (1, 2))
                vals = [m["fact"]["value"] for m in ms]
                assert len(set(vals)) == len(vals)
                dts = [m["created"] for m in ms]
                assert dts[0] <= "2024-12-15T23:59:59Z"
                assert all(x.startswith("2025-") for x in dts[1:])
                assert len({x[:7] for x in dts[1:]}) == n_changes and dts == sorted(dts)
                assert not any(_mentions(ms[0]["content"], v) for v in vals[1:])
                if subj != "user":
                    assert not set(vals) & set(
                        m["fact"]["value"] for m in chains[("user", slot)])
                # template reuse check: value-masked contents distinct
                masked = {re.sub("|".join(re.escape(v) for v in vals), "X", m["content"]) for m in ms}
                assert len(masked) == len(ms)
            qs = d["questions"]
            assert len(qs) == 4 * len(SLOTS) + 12
            for q in qs:
                assert q["kind"] == question_kind(q["question"]) and q["kind"] in kinds
                ms = chains[(q["subject"], q["slot"])]
                vals = [m["fact"]["value"] for m in ms]
                assert q["values"] == vals
                last = len(vals) - 1
                if q["tense"] == "now":
                    assert q["gold"] == last
                elif str(FIRST_YEAR) in q["question"]:
                    assert q["gold"] == 0 and q["tense"] == "before"
                else:
                    assert q["tense"] == "before" and q["gold"] == last - 1
                assert ms[q["gold"]]["fact"]["value"] == vals[q["gold"]]
            for slot in SLOTS:
                uq = [q for q in qs if q["subject"] == "user" and q["slot"] == slot]
                assert len(uq) == 4 and len({q["question"] for q in uq}) == 4
    # small sizes: chains dropped consistently
    for size in (20, 60):
        d = generate(size, 0, 0)
        assert len(d["memories"]) == size
        keys = {(m["fact"]["subject"], m["fact"]["slot"]) for m in d["memories"] if "fact" in m}
        assert all((q["subject"], q["slot"]) in keys for q in d["questions"])
        big = generate(300, 0, 0)
        bigf = {m["content"] for m in big["memories"] if "fact" in m}
        assert all(m["content"] in bigf for m in d["memories"] if "fact" in m)
    return True


