"""Knowledge-update set blind6: an adult user in plain everyday English, and an assistant's notes.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Measured blind at fb9842e (current@1 0.531 at 1,000) and after the departures (0.531); then read for
classes once (fifth session of 2026-12-01: "things ended with", "switched allegiance from").

    python3 bench/knowledge_updates.py --split blind6 --mode library

A simulated adult user tells an assistant, in plain everyday English, about
facts of their life that change two or three times over a year (home city,
employer, phone, dog, gym, car, partner, favourite food, team, evening class,
dentist, podcast), mixed with the short notes an assistant writes about the
user, facts about four other people and everyday filler.  The store is then
asked about the present ("... now?") and the past ("... before?", "... in
2024?"), and scored with bench/knowledge_updates.py's own machinery.
"""
from __future__ import annotations

import json
import random
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import knowledge_updates as ku


START, NOW = ku.START, ku.NOW
YEAR = START.year

# --- the user's slots ------------------------------------------------------------
# Each slot: values; user templates by style (chat: short first person; note: the
# assistant's note about the user; long: a longer sentence with context; change:
# names the old value too, used only for a change); now/before/year questions;
# "other" templates ({who} = another person) and their now-questions ({rel}).

SLOTS: dict[str, dict] = {
    "home": {
        "values": ["Lisbon", "Manchester", "Denver", "Rotterdam", "Austin", "Glasgow", "Montreal", "Brisbane",
                   "Leipzig", "Porto", "Seattle", "Bristol", "Valencia", "Wellington", "Minneapolis"],
        "chat": ["Now living in {v}.", "Got the keys to our flat in {v} today!", "We finally moved to {v}.",
                 "I live in {v} now.", "Just unpacked the last box here in {v}.", "Home is {v} these days."],
        "note": ["User moved to {v}.", "The user now lives in {v}.", "User's home city: {v}.",
                 "User relocated to {v} and is settling in."],
        "long": ["After months of flat hunting we signed a lease in {v}, so that's home now, and the commute is way shorter.",
                 "My mum keeps asking when she can visit now that we're living in {v}, and honestly the guest room isn't ready.",
                 "Spent the whole weekend assembling furniture because we just moved into a place in {v}."],
        "change": ["Left {old} for {v} last week.", "Moved from {old} to {v}, still getting used to it.",
                   "The user has moved from {old} to {v}."],
        "now": ["Where does the user live now?", "Which city is the user currently living in?",
                "Where is the user based these days?", "What city does the user live in at the moment?",
                "Where does the user live?", "Where is home for the user now?"],
        "before": ["Where did the user live before?", "Which city did the user live in previously?",
                   "Where did the user use to live?"],
        "year": ["Where did the user live in {year}?", "Which city was the user living in during {year}?"],
        "other": ["{who} moved to {v}.", "{who} just got a flat in {v}.", "{who} lives in {v} now."],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} living in these days?"],
    },
    "employer": {
        "values": ["Siemens", "Deloitte", "Spotify", "Unilever", "Shopify", "Accenture", "Airbus", "Zalando",
                   "Atlassian", "Philips", "Ocado", "Booking.com", "Salesforce", "Heineken"],
        "chat": ["Started at {v} on Monday.", "I work at {v} now.", "Accepted the offer from {v}!",
                 "First week at {v} done.", "Just signed my contract with {v}.", "I'm with {v} now."],
        "note": ["User's new employer: {v}.", "The user works at {v}.", "User started a new job at {v}."],
        "long": ["Handed in my badge at the old place, and from next week I'll be working for {v} on their platform team.",
                 "The onboarding at {v} is a lot, three days of training videos before anyone lets me touch real work.",
                 "My manager at {v} seems nice so far, which is a relief after the last place."],
        "change": ["Left {old} for {v}.", "Quit {old}; I'm at {v} now.", "The user left {old} and now works for {v}."],
        "now": ["Where does the user work now?", "Who is the user's current employer?",
                "Which company does the user work for these days?", "Where is the user working at the moment?",
                "Who does the user work for?", "What company employs the user now?"],
        "before": ["Where did the user work before?", "What was the user's previous employer?",
                   "Which company did the user use to work for?"],
        "year": ["Where did the user work in {year}?", "Who employed the user in {year}?"],
        "other": ["{who} started a new job at {v}.", "{who} works at {v} now.", "{who} got hired by {v}."],
        "other_q": ["Where does the user's {rel} work now?", "Who is the user's {rel} working for currently?"],
    },
    "phone": {
        "values": ["Pixel 8", "iPhone 15 Pro", "Galaxy S24", "OnePlus 12", "Fairphone 5", "Xperia 10",
                   "Nothing Phone 2", "Moto G84", "iPhone 13 mini", "Galaxy Z Flip 5", "Pixel 7a", "Xiaomi 13T",
                   "Nokia G42"],
        "chat": ["Switched my phone to the {v}.", "Got the {v} today, loving the camera.", "My new phone is the {v}.",
                 "Finally upgraded to the {v}.", "Using the {v} now.", "Set up my {v} this morning."],
        "note": ["User's phone: {v}.", "The user now uses the {v}.", "User bought the {v}."],
        "long": ["Spent all evening moving my photos and chats over because I picked up the {v} during the sale.",
                 "The shop guy talked me into the {v} and I think it was actually a good call, the battery lasts two days.",
                 "Dropped my old phone in the canal, so I'm on the {v} now and still learning where everything is."],
        "change": ["Traded in the {old} for the {v}.", "Ditched the {old}; I've got the {v} now.",
                   "The user replaced the {old} with the {v}."],
        "now": ["What phone does the user have now?", "Which phone is the user currently using?",
                "What phone does the user use these days?", "What phone is the user on at the moment?",
                "What phone does the user have?", "Which smartphone does the user own now?"],
        "before": ["What phone did the user have before?", "Which phone did the user previously use?",
                   "What phone did the user use to have?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?"],
        "other": ["{who} bought the {v}.", "{who} switched to the {v}.", "{who} is using the {v} now."],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone is the user's {rel} using currently?"],
    },
    "dog": {
        "values": ["Biscuit", "Pepper", "Juno", "Waffles", "Maple", "Otis", "Luna", "Bruno", "Mochi", "Ziggy",
                   "Hazel", "Rocco", "Nala", "Pickles"],
        "chat": ["Our new puppy is named {v}!", "We adopted a dog, we're calling her {v}.",
                 "Meet {v}, the newest member of the family.", "{v} is our dog now, a rescue from the shelter.",
                 "Brought {v} home from the breeder today.", "The dog's name is {v}."],
        "note": ["User's dog is named {v}.", "The user adopted a dog called {v}.", "User has a new puppy, {v}."],
        "long": ["We went to the shelter just to look and came home with a scruffy terrier we've named {v}, so no more lie-ins for me.",
                 "Puppy training class on Saturday went okay, although {v} mostly wanted to sniff the other dogs.",
                 "Bought a crate, a lead and far too many toys because {v} arrives on Friday."],
        "change": ["After we lost {old} we didn't think we'd get another dog, but then {v} came along.",
                   "{old} went to live with my parents on the farm, and we've got a new pup called {v}.",
                   "The user rehomed {old} and now has a dog named {v}."],
        "now": ["What is the user's dog called now?", "What's the name of the user's current dog?",
                "What dog does the user have these days?", "What is the user's dog's name at the moment?",
                "What is the user's dog called?", "What's the name of the dog the user has now?"],
        "before": ["What was the user's previous dog called?", "What was the name of the dog the user had before?",
                   "What dog did the user use to have?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?"],
        "other": ["{who} got a puppy called {v}.", "{who} adopted a dog named {v}.", "{who} has a new dog, {v}."],
        "other_q": ["What is the user's {rel}'s dog called now?",
                    "What's the name of the user's {rel}'s dog these days?"],
    },
    "gym": {
        "values": ["PureGym", "Anytime Fitness", "Planet Fitness", "Gold's Gym", "The Gym Group", "Virgin Active",
                   "Crunch Fitness", "Equinox", "Snap Fitness", "Fitness First", "David Lloyd", "24 Hour Fitness",
                   "Basic-Fit"],
        "chat": ["Signed up at {v} today.", "Joined {v}, finally.", "My gym is {v} now.", "Switched gyms to {v}.",
                 "Did my first session at {v} this morning.", "I go to {v} now, it's closer."],
        "note": ["User switched gyms to {v}.", "The user is a member of {v}.", "User's gym: {v}."],
        "long": ["The membership at {v} was cheaper than I expected and they have a proper squat rack, so I signed up on the spot.",
                 "Went to {v} at six this morning and it was almost empty, which is exactly why I joined.",
                 "My physio said to keep lifting light, so I booked an induction at {v} for Thursday."],
        "change": ["Cancelled {old} and joined {v}.", "Moved my membership from {old} to {v}.",
                   "The user left {old} for {v}."],
        "now": ["Which gym does the user go to now?", "What gym is the user currently a member of?",
                "Where does the user work out these days?", "Which gym does the user use at the moment?",
                "What gym does the user go to?", "Where is the user's gym membership now?"],
        "before": ["Which gym did the user go to before?", "What was the user's previous gym?",
                   "Where did the user use to work out?"],
        "year": ["Which gym did the user go to in {year}?", "Where was the user a gym member in {year}?"],
        "other": ["{who} joined {v}.", "{who} switched gyms to {v}.", "{who} trains at {v} now."],
        "other_q": ["Which gym does the user's {rel} go to now?", "What gym is the user's {rel} a member of currently?"],
    },
    "car": {
        "values": ["Honda Civic", "Toyota RAV4", "Mazda 3", "Skoda Octavia", "Tesla Model 3", "Kia Niro", "VW Golf",
                   "Ford Focus", "Subaru Outback", "Hyundai Ioniq 5", "Volvo XC40", "Renault Clio", "Nissan Leaf",
                   "Fiat 500"],
        "chat": ["Picked up our new {v} today.", "Bought a used {v}.", "I drive a {v} now.",
                 "The {v} is finally ours.", "Got the {v} on a lease.", "Test drove a {v} and bought it the same day."],
        "note": ["User's car: {v}.", "The user now drives a {v}.", "User bought a {v}."],
        "long": ["The old car failed its inspection so badly that we gave up and bought a {v} from a dealer out by the ring road.",
                 "Drove the {v} up to the lake on Sunday and it handled the mountain roads really well.",
                 "Insurance on the {v} turned out cheaper than I feared, so I'm happy with the choice."],
        "change": ["Traded in the {old} for a {v}.", "Sold the {old}; we drive a {v} now.",
                   "The user replaced the {old} with a {v}."],
        "now": ["What car does the user drive now?", "What is the user's current car?",
                "What does the user drive these days?", "Which car does the user have at the moment?",
                "What car does the user drive?", "What car does the user own now?"],
        "before": ["What car did the user drive before?", "What was the user's previous car?",
                   "What car did the user use to have?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user own in {year}?"],
        "other": ["{who} bought a {v}.", "{who} drives a {v} now.", "{who} traded up to a {v}."],
        "other_q": ["What car does the user's {rel} drive now?", "Which car does the user's {rel} have currently?"],
    },
    "partner": {
        "values": ["Daniel", "Sofia", "Marcus", "Priya", "Elena", "Jonas", "Chloe", "Mateo", "Hannah", "Oliver",
                   "Leila", "Nico", "Grace", "Tariq"],
        "chat": ["I'm seeing {v} now.", "Been dating {v} for a few weeks.", "{v} and I are officially together.",
                 "My partner {v} says hi.", "Went on a third date with {v}, I think this is serious.",
                 "{v} is staying over most nights now."],
        "note": ["User's partner: {v}.", "The user is in a relationship with {v}.", "User has started dating {v}."],
        "long": ["Met {v} at a friend's barbecue in the spring and we've been together ever since, which still surprises me.",
                 "Planning a weekend away for our anniversary, and {v} wants somewhere with mountains.",
                 "My parents finally met {v} over Sunday lunch and it went better than I hoped."],
        "change": ["We broke up; I'm seeing {v} now.", "Things ended with {old}, and now I'm with {v}.",
                   "The user split up with {old} and is now dating {v}."],
        "now": ["Who is the user dating now?", "Who is the user's current partner?",
                "Who is the user seeing these days?", "Who is the user in a relationship with at the moment?",
                "What is the name of the user's partner?", "Who is the user's partner now?"],
        "before": ["Who was the user dating before?", "Who was the user's previous partner?",
                   "Who did the user use to go out with?"],
        "year": ["Who was the user dating in {year}?", "Who was the user's partner in {year}?"],
        "other": ["{who} is dating {v} now.", "{who} got together with {v}.", "{who} has a new partner, {v}."],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s partner currently?"],
    },
    "food": {
        "values": ["ramen", "tacos", "pad thai", "sushi", "lasagne", "pho", "butter chicken", "falafel", "paella",
                   "dim sum", "pierogi", "bibimbap", "shakshuka", "gnocchi"],
        "chat": ["My favourite food is {v}.", "Honestly can't get enough {v} lately.", "{v} is my absolute favourite now.",
                 "Obsessed with {v} these days.", "If I could eat one thing forever it'd be {v}.", "Nothing beats {v}."],
        "note": ["User's favourite food: {v}.", "The user loves {v} above everything else.",
                 "User says {v} is their favourite dish."],
        "long": ["There's a little place near the station that does amazing {v}, and I've decided it's my favourite food, full stop.",
                 "Tried making {v} at home tonight and it wasn't as good as the restaurant, but it's still my favourite thing to eat.",
                 "When friends ask where to go for dinner I always say somewhere with {v}, it's my comfort food."],
        "change": ["I used to say {old} was my favourite, but it's {v} now.", "Gone off {old}; {v} is my new favourite.",
                   "The user's favourite food changed from {old} to {v}."],
        "now": ["What is the user's favourite food now?", "What food does the user currently love most?",
                "What does the user like to eat most these days?", "What's the user's favourite dish at the moment?",
                "What is the user's favourite food?", "Which food does the user like best now?"],
        "before": ["What was the user's favourite food before?", "What was the user's previous favourite dish?",
                   "What food did the user use to love most?"],
        "year": ["What was the user's favourite food in {year}?", "Which dish did the user like best in {year}?"],
        "other": ["{who} says {v} is their favourite food now.", "{who} is obsessed with {v}.",
                  "{who} can't stop eating {v} lately."],
        "other_q": ["What is the user's {rel}'s favourite food now?",
                    "What food does the user's {rel} like best these days?"],
    },
    "team": {
        "values": ["Arsenal", "Liverpool", "Celtic", "Milwaukee Bucks", "Chicago Cubs", "Green Bay Packers", "Ajax",
                   "Borussia Dortmund", "Toronto Maple Leafs", "Real Betis", "LA Galaxy", "Golden State Warriors",
                   "Leeds United", "New York Yankees"],
        "chat": ["I support {v} now.", "Bought a {v} shirt, I'm all in.", "Watching {v} tonight, come on!",
                 "{v} are my team.", "Got season tickets for {v}.", "I've become a proper {v} fan."],
        "note": ["User supports {v}.", "The user's team: {v}.", "User follows {v}."],
        "long": ["My flatmate dragged me to a {v} game and somewhere in the second half I realised I'm a fan now.",
                 "Stayed up far too late to watch {v} win in extra time, and I have work tomorrow.",
                 "Changed my lock screen to the {v} crest, which tells you how far gone I am."],
        "change": ["I've given up on {old}; I follow {v} now.", "Switched allegiance from {old} to {v}.",
                   "The user stopped supporting {old} and now supports {v}."],
        "now": ["Which team does the user support now?", "What team is the user currently a fan of?",
                "Which team does the user follow these days?", "Who does the user cheer for at the moment?",
                "What team does the user support?", "Which sports team is the user a fan of now?"],
        "before": ["Which team did the user support before?", "What was the user's previous team?",
                   "Which team did the user use to follow?"],
        "year": ["Which team did the user support in {year}?", "What team was the user a fan of in {year}?"],
        "other": ["{who} supports {v} now.", "{who} became a {v} fan.", "{who} got season tickets for {v}."],
        "other_q": ["Which team does the user's {rel} support now?", "What team is the user's {rel} a fan of these days?"],
    },
    "course": {
        "values": ["pottery", "Spanish", "salsa", "life drawing", "Python programming", "jazz piano", "Japanese",
                   "photography", "creative writing", "woodworking", "Italian", "sign language", "improv",
                   "data science"],
        "chat": ["Signed up for a {v} class.", "Started a {v} course this week.", "My {v} class is on Tuesday evenings.",
                 "Taking {v} lessons now.", "First {v} lesson tonight, nervous.", "Enrolled in an evening course on {v}."],
        "note": ["User is taking a {v} class.", "The user enrolled in a {v} course.", "User's current course: {v}."],
        "long": ["Needed something to get me out of the house on weeknights, so I booked a ten-week {v} course at the community college.",
                 "The teacher of my {v} class is brilliant, she makes even the boring parts fun.",
                 "Homework for {v} tonight, which I did not expect to be saying at my age."],
        "change": ["Dropped {old} and signed up for {v} instead.", "Finished the {old} course, so now I'm doing {v}.",
                   "The user switched from a {old} class to {v}."],
        "now": ["What class is the user taking now?", "Which course is the user currently enrolled in?",
                "What is the user learning in class these days?", "What course is the user doing at the moment?",
                "What class does the user take?", "Which evening class does the user go to now?"],
        "before": ["What class did the user take before?", "What was the user's previous course?",
                   "Which class did the user use to go to?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user do in {year}?"],
        "other": ["{who} signed up for a {v} class.", "{who} is taking {v} lessons now.",
                  "{who} enrolled in a {v} course."],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} doing currently?"],
    },
    "dentist": {
        "values": ["Dr. Okafor", "Dr. Lindqvist", "Dr. Patel", "Dr. Moreau", "Dr. Brennan", "Dr. Castillo",
                   "Dr. Novak", "Dr. Haddad", "Dr. Whitfield", "Dr. Tanaka", "Dr. Abernathy", "Dr. Rossi",
                   "Dr. Fischer"],
        "chat": ["My dentist is {v} now.", "Registered with {v} at the new practice.", "Booked a check-up with {v}.",
                 "Switched dentists to {v}.", "{v} did my filling today, barely felt it.",
                 "Seeing {v} for my teeth from now on."],
        "note": ["User's dentist: {v}.", "The user now sees {v} for dental care.",
                 "User registered with a new dentist, {v}."],
        "long": ["My tooth had been aching for a week, so I finally found a dentist nearby, {v}, who could see me the same day.",
                 "The receptionist said {v} has availability on Saturdays, which is the only reason I signed up there.",
                 "Had a cleaning with {v} and got told off about flossing, as usual."],
        "change": ["Left {old}'s practice and I'm with {v} now.", "Changed dentist from {old} to {v}.",
                   "The user switched from {old} to {v} as their dentist."],
        "now": ["Who is the user's dentist now?", "Which dentist does the user currently see?",
                "Who does the user go to for their teeth these days?", "Who is the user's dentist at the moment?",
                "Who is the user's dentist?", "Which dentist is the user registered with now?"],
        "before": ["Who was the user's dentist before?", "Which dentist did the user previously see?",
                   "Who did the user use to see for their teeth?"],
        "year": ["Who was the user's dentist in {year}?", "Which dentist did the user see in {year}?"],
        "other": ["{who} switched to {v} as a dentist.", "{who} sees {v} for their teeth now.",
                  "{who} registered with {v}, a dentist near work."],
        "other_q": ["Who is the user's {rel}'s dentist now?", "Which dentist does the user's {rel} see currently?"],
    },
    "podcast": {
        "values": ["Hardcore History", "The Daily", "Radiolab", "Reply All", "Freakonomics Radio", "99% Invisible",
                   "Serial", "Conan O'Brien Needs a Friend", "The Rest Is History", "Planet Money", "Huberman Lab",
                   "Stuff You Should Know", "No Such Thing As A Fish", "My Favorite Murder"],
        "chat": ["Hooked on {v} lately.", "My go-to podcast is {v} now.", "Listening to {v} on my commute every day.",
                 "Started {v}, already ten episodes in.", "Can't stop listening to {v}.", "{v} is my favourite podcast now."],
        "note": ["User's favourite podcast: {v}.", "The user listens to {v} regularly.",
                 "User has been binge-listening to {v}."],
        "long": ["A friend recommended {v} and now I listen to it while I cook, walk the dog and basically whenever I can.",
                 "On long drives I put on {v}, the episodes are just the right length.",
                 "I was skeptical about {v} at first, but the last series completely won me over."],
        "change": ["Stopped listening to {old}, I'm into {v} now.", "Unsubscribed from {old} and replaced it with {v}.",
                   "The user's favourite podcast changed from {old} to {v}."],
        "now": ["What podcast is the user into now?", "What is the user's current favourite podcast?",
                "Which podcast does the user listen to these days?", "What podcast is the user hooked on at the moment?",
                "What is the user's favourite podcast?", "Which podcast does the user listen to most now?"],
        "before": ["What podcast was the user into before?", "What was the user's previous favourite podcast?",
                   "Which podcast did the user use to listen to?"],
        "year": ["What podcast was the user listening to in {year}?", "What was the user's favourite podcast in {year}?"],
        "other": ["{who} is hooked on {v}.", "{who} recommends {v} to everyone now.", "{who} listens to {v} every day."],
        "other_q": ["What podcast is the user's {rel} into now?", "Which podcast does the user's {rel} listen to currently?"],
    },
}

STYLES = ("chat", "note", "long", "change")
FIRST_WEIGHTS = (40, 25, 20, 0)    # a first value has nothing to change from
CHANGE_WEIGHTS = (37, 23, 18, 22)  # overall about 40/25/20/15
CASUAL = 0.10                       # share of chat lines typed casually

PEOPLE = [("cousin", "Ravi"), ("aunt", "Bettina"), ("friend", "Keiko"), ("coworker", "Owen")]
WHO = ["my {rel} {name}", "{name} (my {rel})", "the user's {rel} {name}"]

# --- filler ------------------------------------------------------------------------

FILLER = [
    # slot words, no value
    "Work was exhausting today.", "My phone battery died again.", "The gym was packed.",
    "The dog chewed through another sock.", "The car needs new tyres before winter.",
    "Had a long chat with my partner about holiday plans.", "Ate way too much at dinner.",
    "The match last night was a total letdown.", "Skipped class tonight, too tired.",
    "I really need to book a dentist appointment at some point.", "Caught up on a couple of podcast episodes.",
    "The city is so loud on Friday nights.", "Another meeting that could have been an email.",
    "Cracked my phone screen, just a tiny corner.", "Took the dog for a long walk by the river.",
    "Parking in town is a nightmare.", "Leg day at the gym, can barely walk.", "Work drinks after the office closed.",
    "My boss wants the report by Thursday.", "Forgot my gym bag at home again.", "The car wouldn't start this morning.",
    "Phone keeps autocorrecting my name.", "Dog needs a bath, she rolled in something.",
    "Watched the game at the pub with friends.", "Cooked dinner for two tonight.", "Neighbours are moving out next week.",
    "The new intern at work asked me for advice.", "Lost my headphones on the bus.", "Class ran over by half an hour.",
    "Paid the car insurance, ouch.", "Teeth feel a bit sensitive lately.", "Phone storage full again.",
    "The gym changed its opening hours.", "Late night at work finishing the slides.",
    # everyday life
    "Made pancakes for breakfast.", "It rained all day.", "Finally finished that novel.", "Need to buy more coffee.",
    "Watered the plants.", "The washing machine is making a weird noise.", "Called my grandmother.",
    "Tried a new recipe for lentil soup.", "Went for a run before work.", "Bought a new winter coat.",
    "The train was delayed by twenty minutes.", "Did a big grocery shop.", "Cleaned out the fridge.",
    "Booked flights for the summer.", "Fell asleep on the sofa at nine.", "Started a jigsaw puzzle.",
    "My back has been aching all week.", "Went to a friend's birthday dinner.", "Fixed the squeaky door.",
    "Sorted through a pile of old letters.", "The heating broke again.", "Had a lazy Sunday.",
    "Went to the farmers market.", "Bought a houseplant I will probably kill.", "Renewed my passport online.",
    "Picked up a parcel from the post office.", "Made a playlist for the weekend.", "Got a haircut.",
    "Watched a documentary about octopuses.", "Baked a lemon cake.", "Took a long bath.",
    "Paid the electricity bill.", "Spent the evening doing laundry.", "Went to the cinema.",
    "Tried to meditate for ten minutes.", "Cycled to the park.", "Found a great second-hand bookshop.",
    "Had a picnic in the park.", "The Wi-Fi was down for hours.", "Wrote a long email to an old friend.",
    "Played board games all evening.", "Went swimming at the lake.", "Helped a friend move a sofa.",
    "Ordered a takeaway and watched a film.", "Ran out of milk again.", "Planted tomatoes on the balcony.",
    "Went to a concert in the park.", "Stayed up too late reading.", "Visited the museum on my day off.",
    "Bought new running shoes.", "Had a dentist-free week, which is how I like it.", "Made soup for the week.",
    "The bakery on the corner closed down.", "Got caught in a thunderstorm.", "Did some yoga in the living room.",
    "Spent an hour on the phone with the bank.", "Went for coffee with an old school friend.",
    "Finally hung the pictures in the hallway.", "Reorganised the kitchen cupboards.", "The cat next door visited again.",
    "Had a headache most of the day.", "Went hiking in the hills.", "Bought a birthday present for my niece.",
    "Made fresh pasta from scratch.", "Tried a new café for lunch.", "Watched the sunset from the roof.",
    "Replaced the light bulb in the bathroom.", "Started learning to juggle.", "Went to a pub quiz and came last.",
    "Cleaned the windows.", "Sent off my tax return.", "Had a video call with the family.",
    "The printer jammed twice.", "Found a tenner in my old jeans.", "Went to the library.",
    "Slept for ten hours straight.", "Took my bike in for a service.", "Volunteered at the food bank.",
    "Went to a wedding.", "Had brunch with friends.", "Watched three episodes of a baking show.",
    "Repainted the bedroom wall.", "Went to the beach even though it was cold.", "Bought a new kettle.",
    "My knee is acting up again.", "Made a doctor's appointment for next week.", "Tidied the garage.",
    "Got a parking ticket.", "Had a barbecue in the garden.", "Read the news and regretted it.",
    "Tried to fix the dripping tap.", "Went to a pottery exhibition.", "Learned to make sourdough.",
    "Ate leftovers for lunch.", "My sister called for a chat.", "Took a nap after lunch.",
    "Went for a walk in the snow.", "Bought a second-hand bookshelf.", "Spent the morning gardening.",
    "Went to a comedy show.", "Hoovered the whole flat.", "Wrote a to-do list and ignored it.",
    "Cancelled plans and stayed in.", "Changed the bed sheets.", "Went to the pharmacy for allergy tablets.",
    "Bought flowers for the table.", "Set up a new budget spreadsheet.", "Got stuck in traffic for an hour.",
    "Sorted the recycling.", "Made a big pot of chilli.", "Listened to old records.",
    "Went strawberry picking.", "Watched the football highlights.", "Ironed a pile of shirts.",
    "Took the recycling to the tip.", "Couldn't sleep, too hot.", "Bought a new umbrella after the old one broke.",
    "Had a long lie-in.", "Went to the dentist's waiting room with a friend for moral support.",
    "Went ice skating for the first time in years.", "Fixed a puncture on my bike.", "Wrapped presents all evening.",
    "Went to a friend's housewarming.", "Ordered new glasses.", "Made lemonade.", "Saw a fox in the garden.",
    "Defrosted the freezer.", "Went to a yoga class with a friend.", "Watched the rain from the window.",
    "Did the crossword in pen.", "Helped my neighbour with her shopping.", "Tried a new hairdresser.",
]
TAILS = ["", " Again.", " Oh well.", " Typical.", " Not bad.", " Long day.", " Fun though.", " Ugh.",
         " Could be worse.", " Loved it.", " Anyway.", " Tired now.", " Good times.", " Need a holiday."]
OPENERS = ["Spent the evening", "Lost an hour", "Finally got round to", "Passed the afternoon",
           "Kicked off the weekend", "Wasted the morning", "Ended the day", "Took a break",
           "Started the day", "Spent my lunch break", "Spent ages", "Killed some time"]
ACTIVITIES = ["sorting my sock drawer", "watching cooking videos", "repotting the basil", "reading about volcanoes",
              "clearing out my inbox", "looking at holiday cottages", "untangling fairy lights", "making a photo book",
              "writing birthday cards", "fixing a wobbly chair", "scrolling recipes", "cleaning my trainers",
              "knitting a scarf", "planning meals for the week", "learning a card trick", "sanding an old table",
              "building a bird feeder", "labelling spice jars", "organising old photos", "researching house plants",
              "drafting a letter to the council", "watching old sitcoms", "polishing shoes", "mending a jumper"]
ENDINGS = ["", " with a cup of tea", " in my pyjamas", " while it poured outside", " with the radio on",
           " and lost track of time", " before bed"]


def _when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    seconds = int((hi - lo).total_seconds())
    return (lo + timedelta(seconds=rng.randrange(seconds))).replace(second=0, microsecond=0)


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _chain(rng: random.Random, values: list[str], changes: int) -> list[tuple[str, datetime]]:
    """The first value stated in autumn of the first year, each change in a
    different month of the year NOW falls in (before NOW's month)."""
    first = _when(rng, START + timedelta(days=2, hours=8), datetime(START.year, 12, 15, tzinfo=timezone.utc))
    months = sorted(rng.sample(range(1, NOW.month), changes))
    dates = [first] + [_when(rng, datetime(NOW.year, m, 2, 8, tzinfo=timezone.utc),
                             datetime(NOW.year, m, 27, 21, tzinfo=timezone.utc)) for m in months]
    return list(zip(values, dates))


def _casual(text: str) -> str:
    """The way it looks typed quickly on a phone."""
    text = text.replace("I'm ", "im ").replace("I've ", "ive ").replace("can't", "cant").replace("it's", "its")
    text = text.lower().rstrip(".!")
    return text


def _key(text: str) -> str:
    """Texts the store would take for the same memory (case and punctuation aside)."""
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c.isspace()).split())


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    """One simulated user's store and questions, in knowledge_updates.py's format.
    Deterministic in (size, user, seed); the facts do not depend on size."""
    rng = random.Random(f"blind6/{seed}/{user}")
    memories: list[dict] = []

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        memories.append({"content": content, "created": _iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    used: dict[str, set] = {}
    for slot, spec in SLOTS.items():
        values = rng.sample(spec["values"], 4)
        chain = _chain(rng, values, rng.choice((2, 3)))
        used[slot] = {v for v, _ in chain}
        for index, (value, when) in enumerate(chain):
            style = rng.choices(STYLES, weights=FIRST_WEIGHTS if index == 0 else CHANGE_WEIGHTS)[0]
            text = rng.choice(spec[style]).format(v=value, old=chain[index - 1][0] if index else "")
            text = _casual(text) if style != "note" and rng.random() < CASUAL else _cap(text)
            add(text, when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(spec["now"], 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(spec["year"]).format(year=YEAR), "subject": "user", "slot": slot,
                          "tense": "before", "gold": 0, "values": chain_values})
    user_used = {slot: set(vals) for slot, vals in used.items()}
    for rel, name in PEOPLE:
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            pool = [v for v in spec["values"] if v not in used[slot]]
            if len(pool) < 3:
                pool = [v for v in spec["values"] if v not in user_used[slot]]
            chain = _chain(rng, rng.sample(pool, 3), rng.choice((1, 2)))
            for index, (value, when) in enumerate(chain):
                used[slot].add(value)
                who = rng.choice(WHO).format(rel=rel, name=name)
                text = rng.choice(spec["other"]).format(who=who, v=value)
                add(_cap(text), when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    seen = {_key(m["content"]) for m in memories}
    attempts = 0
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        if rng.random() < 0.6:
            text = rng.choice(FILLER) + rng.choice(TAILS)
        else:
            text = f"{rng.choice(OPENERS)} {rng.choice(ACTIVITIES)}{rng.choice(ENDINGS)}."
        if rng.random() < CASUAL:
            text = _casual(text)
        if _key(text) not in seen:
            seen.add(_key(text))
            add(text, _when(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind6", "user": user, "seed": seed, "now": _iso(NOW), "memories": memories,
            "questions": questions}


def self_check() -> None:
    assert len(FILLER) >= 150, len(FILLER)
    for slot, spec in SLOTS.items():
        assert 12 <= len(spec["values"]) <= 16, slot
        assert len(set(spec["values"])) == len(spec["values"]), slot
        assert sum(len(spec[s]) for s in STYLES) >= 10, slot
        assert len(spec["now"]) >= 6 and len(spec["before"]) >= 3 and len(spec["year"]) >= 2, slot
    data = generate(1000, 0, 0)
    assert len({_key(m["content"]) for m in data["memories"]}) == len(data["memories"])


# --- running it ------------------------------------------------------------------


def run(sizes: list[int], users: int, seed: int, mode: str, show_failures: bool) -> dict:
    report: dict = {"split": "blind6", "seed": seed, "users": users, "mode": mode, "store": "semantic", "sizes": {}}
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        for size in sizes:
            rows: list[dict] = []
            memories = 0
            failures: dict[str, int] = {}
            for user in range(users):
                data = generate(size, user, seed)
                memories = max(memories, len(data["memories"]))
                built = ku.build_store(data, Path(tmp) / f"{size}-{user}")
                ask, asked = ku.recaller(mode, built), {}

                def remembering(question: str, ask=ask, asked=asked) -> list[str]:
                    asked[question] = ask(question)
                    return asked[question]

                user_rows = ku.evaluate(data, remembering, built["facts"])
                text = dict(zip(built["ids"], (m["content"] for m in data["memories"])))
                for row in user_rows:
                    if row["tense"] != "now" or row["at1"]:
                        continue
                    why = ku.failure(row, asked[row["question"]], built["facts"])
                    failures[why] = failures.get(why, 0) + 1
                    if show_failures:
                        gold = next(i for i, f in built["facts"].items()
                                    if f == (row["subject"], row["slot"], row["gold"]))
                        print(f"[{why}] {row['question']}\n   current: {text[gold]}")
                        for memory_id in asked[row["question"]][:3]:
                            print(f"   - {text[memory_id]}  {built['facts'].get(memory_id) or ''}")
                rows += user_rows
            kinds = sorted({r["kind"] for r in rows})
            report["sizes"][str(size)] = {
                "memories": memories,
                "user": ku.summary([r for r in rows if r["subject"] == "user"]),
                "others": ku.summary([r for r in rows if r["subject"] != "user"]),
                "by_kind": {k: ku.summary([r for r in rows if r["subject"] == "user" and r["kind"] == k])
                            for k in kinds},
                "by_slot": {s: ku.summary([r for r in rows if r["subject"] == "user" and r["slot"] == s])
                            for s in sorted({r["slot"] for r in rows})},
                "failures": dict(sorted(failures.items(), key=lambda kv: -kv[1])),
            }
    return report
