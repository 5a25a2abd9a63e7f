"""Knowledge-update set blind16: a retired person's formal letters.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.118 / 0.382.
Read: its misses were looked at, and it is training data of the learned slot reading
(bench/slot_model.py) since then.

    python3 bench/knowledge_updates.py --split blind16 --mode library

The author's own description:

Knowledge-update benchmark set "blind16".

Theme: a recently retired person in their late sixties who writes to an AI
assistant in complete, formal, often long-winded sentences, much like short
letters, with digressions about grandchildren, the garden and health.

generate(size, user, seed) -> dict   (see self_check for the invariants)
Python 3.11 standard library only.
"""

import random
import re
from datetime import datetime, timedelta, timezone

SPLIT = "blind16"
NOW = "2025-10-01T09:00:00+00:00"
_START = datetime(2024, 9, 1, tzinfo=timezone.utc)
_LAST_DAY = 394            # 2025-09-30 is day 394 counted from 2024-09-01
_FIRST_2025 = 122          # 2025-01-01


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------------------
# Value pools (per user they are shuffled; values are popped so that no two
# chains share a value, and whatever is left over serves as decoys).
# ---------------------------------------------------------------------------

TOWNS = ["Harrogate", "Ludlow", "Frome", "Whitby", "Sidmouth", "Malvern", "Kendal", "Buxton",
         "Tenby", "Stamford", "Ledbury", "Beverley", "Hexham", "Southwold", "Totnes", "Keswick",
         "Chichester", "Bakewell", "Dorchester", "Oakham", "Knaresborough", "Morpeth",
         "Shrewsbury", "Saffron Walden", "Ilkley", "Cirencester", "Penrith", "Lewes",
         "Woodbridge", "Alnwick"]
DOCTORS = ["Dr Anand", "Dr Okafor", "Dr Whitfield", "Dr Ramsay", "Dr Lindqvist", "Dr Castellano",
           "Dr Hughes", "Dr Fairbairn", "Dr Kaur", "Dr Oyelaran", "Dr McAllister", "Dr Brennan",
           "Dr Sutcliffe", "Dr Nakamura", "Dr Pritchard", "Dr Ahmed"]
DENTISTS = ["Castlegate Dental", "Abbey Dental Care", "Millbrook Dental Surgery",
            "Orchard House Dental", "Kingsway Dental Practice", "Riverside Dental Clinic",
            "Hollybank Dental", "St Mary's Dental Practice", "Greenacre Dental",
            "Westgate Dental Studio", "Bridge Street Dental", "Market Square Dental",
            "Parkview Dental Centre", "Elmwood Dental"]
CARS = ["Honda Jazz", "Skoda Octavia", "Toyota Yaris", "Volvo V60", "Kia Niro", "Ford Focus",
        "Vauxhall Astra", "Mazda MX-5", "Nissan Leaf", "Volkswagen Golf", "Hyundai Tucson",
        "Subaru Outback", "Peugeot 2008", "Toyota Corolla", "Skoda Fabia", "Kia Ceed",
        "Volvo XC40", "Ford Fiesta", "Honda CR-V", "Mercedes A-Class", "Renault Captur",
        "Suzuki Swift", "Dacia Duster", "Citroen Berlingo"]
DOGS = ["Biscuit", "Bramble", "Pepper", "Toffee", "Monty", "Hector", "Bonnie", "Winston",
        "Barney", "Skipper", "Nutmeg", "Rufus", "Mungo", "Pickle", "Bertie", "Crumble",
        "Dougal", "Treacle", "Sasha", "Percy"]
BANKS = ["Nationwide", "Barclays", "Lloyds", "NatWest", "Santander", "HSBC", "Halifax",
         "Yorkshire Building Society", "Coventry Building Society", "First Direct",
         "Co-operative Bank", "Metro Bank", "Skipton Building Society", "TSB",
         "Virgin Money", "Starling Bank"]
CLUBS = ["Castle Bridge Club", "Wharfedale Choral Society", "Hollins Hill Golf Club",
         "Riverside Bowls Club", "Abbey Singers", "Market Street Bridge Club",
         "Fellside Walking Club", "Brackenfield Golf Club", "St Anne's Community Choir",
         "Old Mill Camera Club", "Town Hall Chess Club", "Greenway Croquet Club",
         "Linden Lawn Tennis Club", "Priory Probus Club", "Heathside Madrigal Group",
         "Orchard Lane Bowls Club"]
PAPERS = ["The Times", "The Guardian", "The Daily Telegraph", "The Daily Mail", "The Independent",
          "The Financial Times", "The Daily Express", "The Yorkshire Post", "The Scotsman", "The Herald",
          "The Western Daily Press", "The Northern Echo", "The Eastern Daily Press"]
PHONES = ["iPhone 11", "iPhone SE", "iPhone 13", "iPhone 15", "Samsung Galaxy A14",
          "Samsung Galaxy A54", "Samsung Galaxy S23", "Google Pixel 6a", "Google Pixel 8",
          "Doro 8080", "Motorola Moto G32", "Nokia G21", "Oppo A78"]
VOLUNTEER = ["Oxfam bookshop", "hospice charity shop", "town food bank", "Citizens Advice bureau",
             "hospital tea bar", "heritage railway ticket office", "RNLI gift shop",
             "Age UK day centre", "parish church café", "museum front desk", "Red Cross shop",
             "botanic garden visitor centre", "wildlife trust reserve", "repair café"]
HOBBIES = ["watercolour painting", "conversational Italian", "pottery", "tai chi",
           "creative writing", "upholstery", "beginners' Spanish", "life drawing", "woodturning",
           "family history", "calligraphy", "French conversation", "silversmithing",
           "stained glass", "bookbinding", "ballroom dancing"]
EMPLOYERS = ["Marks & Spencer", "Network Rail", "BT", "Jaguar Land Rover", "Royal Mail", "Aviva",
             "GSK", "Arup", "Ocado", "the BBC", "John Lewis", "Severn Trent", "Airbus", "Greggs",
             "the Environment Agency", "Siemens", "Tesco", "Rolls-Royce", "Costa Coffee",
             "Waitrose"]
PARTNERS = ["Dominic", "Priya", "Gareth", "Sophie", "Callum", "Naomi", "Rhys", "Bethany",
            "Marcus", "Lucy", "Tomasz", "Hannah", "Kieran", "Zara", "Ewan", "Chloe", "Declan",
            "Aisha"]
PRIMARY = ["Greenfield Primary", "Moorside Primary", "Ashlea Primary", "Hillcrest Juniors",
           "Beech Grove School", "Castle Hill School", "Kingsmead School", "Oakwood Juniors"]
SECONDARY = ["Northfield Sixth Form College", "St Hild's School", "Queen Elizabeth Grammar School",
             "Kings Park College", "Thornbury Academy", "St Aidan's Academy",
             "Westbrook High School"]
INSTRUMENTS = ["violin", "trumpet", "cello", "drums", "clarinet", "piano", "saxophone",
               "guitar", "flute", "trombone", "ukulele"]
TEAMS = ["Hillside Juniors", "Millfield Colts", "Abbey Rangers", "St Mark's Youth",
         "Northgate Wanderers", "Riverside Rovers", "Castleton Athletic Juniors",
         "Westfield Tigers", "Parkside United Juniors"]

POOL_OF = {"home": TOWNS, "doctor": DOCTORS, "dentist": DENTISTS, "car": CARS, "dog": DOGS,
           "bank": BANKS, "club": CLUBS, "newspaper": PAPERS, "phone": PHONES,
           "volunteer": VOLUNTEER, "hobby": HOBBIES, "employer": EMPLOYERS, "partner": PARTNERS,
           "primary": PRIMARY, "secondary": SECONDARY, "instrument": INSTRUMENTS, "team": TEAMS}

OLD_F = ["Margaret", "Jean", "Pauline", "Barbara", "Susan", "Christine", "Linda", "Patricia",
         "Brenda", "Maureen", "Sheila", "Janet", "Elaine", "Gillian", "Valerie", "Hilary",
         "Rosemary", "Wendy"]
OLD_M = ["Geoffrey", "Malcolm", "Roger", "Keith", "Derek", "Brian", "Graham", "Trevor", "Colin",
         "Alan", "Dennis", "Clive", "Raymond", "Gordon", "Neville", "Howard", "Bernard", "Leonard"]
MID_F = ["Caroline", "Helen", "Joanne", "Rachel", "Sarah", "Claire", "Nicola", "Louise", "Emma",
         "Kathryn", "Alison", "Fiona"]
MID_M = ["Andrew", "Richard", "Mark", "Paul", "Stephen", "Simon", "Jonathan", "Neil", "David",
         "Matthew", "Robert", "Iain"]
GC_F = ["Poppy", "Isla", "Freya", "Evie", "Ava", "Matilda", "Ruby", "Imogen", "Daisy", "Esme"]
GC_M = ["Alfie", "Oliver", "Harry", "George", "Archie", "Noah", "Freddie", "Theo", "Jack", "Oscar"]
SURNAMES = ["Hendersons", "Whitakers", "Pollards", "Ashworths", "Kirbys", "Fenwicks", "Dobsons",
            "Marsdens", "Treloars", "Ogdens"]
HOLIDAYS = ["Bruges", "Lisbon", "Porto", "Lucerne", "Madeira", "Dubrovnik", "Florence",
            "Salzburg", "Valletta", "the Isle of Skye", "Orkney", "Llandudno", "Scarborough",
            "St Ives", "Cromer", "Lake Como", "the Dordogne", "Seville", "Bergen", "Krakow"]
RESTAURANTS = ["the Swan at Cleeve", "the new Thai place by the station", "the Old Bakehouse",
               "Giovanni's on the quay", "the Fox and Hounds", "the Lantern Tea Rooms",
               "the Mill House bistro", "the Golden Dragon", "the Riverside Carvery",
               "the Green Man", "Bella Napoli", "the Tithe Barn restaurant"]

# ---------------------------------------------------------------------------
# User slots: statement templates.  {v} = new value, {old} = previous value,
# {a_v} = value with its indefinite article.  Family placeholders come from
# the per-user context.
# ---------------------------------------------------------------------------

USER_SLOTS = {
    "home": dict(
        pool="home", maxlen=3,
        first=[
            "Dear assistant, by way of introduction, {spouse} and I live in {v}, where we have been for the best part of thirty years.",
            "I should explain that home for us is {v}, a small market town where everybody knows everybody else's business.",
            "We have lived in {v} since the children were small, and I cannot imagine being anywhere else, though {dname} keeps suggesting we downsize.",
            "It was market day here in {v} this morning, and I bought far more cheese than two people can reasonably eat.",
            "For your records, our house is in {v}; the post office here closed last year, which is a great nuisance.",
            "You asked where I am based: it is {v}, and the nearest proper hospital is forty minutes away, which matters at my age.",
            "Our little corner of {v} has been very quiet since the summer visitors went home, which suits me perfectly.",
            "I have been a resident of {v} for so long that the librarian greets me by name and the butcher knows my order.",
            "Being retired in {v} is pleasant enough, although the buses out of town are few and far between.",
            "{gc1} asked me today why we live in {v}, and I realised I could not remember the reason, only that we have been happy here.",
        ],
        change=[
            "Dear assistant, I am writing to let you know that {spouse} and I have moved from {old} to {v}. The boxes are everywhere, but we are in.",
            "Well, we have done it: after thirty-odd years in {old}, we now live in {v}, a short walk from {dname}'s house.",
            "The removal lorry left this afternoon, and I am writing this from the kitchen of our new bungalow in {v}, sitting on a packing case.",
            "We handed over the keys to the old house in {old} on {weekday}. It was a wrench, I will admit. The new place in {v} already feels like home, thanks mainly to the kettle.",
            "Please update my address: it is {v} from this week. I have informed the pension people, the optician and, most importantly, the milkman.",
            "Our first week as residents of {v} has been a whirlwind of unpacking and meeting new neighbours, who have been kindness itself.",
            "I have said my goodbyes in {old}; the neighbours gave me a card and a rather large bottle of sherry. From now on you will find us in {v}.",
            "Life in {v} is proving rather different from {old}; for one thing, there are hills here, and my knees have noticed.",
            "{gc1} helped me hang pictures in our new house in {v} this weekend, and we only put one hole in the wrong place.",
            "Sold the old house at last! We have bought a smaller place in {v}, and the move is done, thank goodness.",
            "I no longer live in {old}; we completed on a cottage in {v} last {weekday} and moved in the same day.",
            "Registering with everybody and everything in {v} has taken the whole week, but at least our new house is warm and the garden faces south.",
        ],
        consider=[
            "We went to look at a bungalow in {v} on {weekday}. Lovely views, but I am not at all sure about the steep drive.",
            "{spouse} has been browsing the estate agents' websites for houses in {v} again; I have said I will think about it, which is not the same as yes.",
            "Would you be able to tell me a little about {v}? We have been wondering whether it might suit us in our old age.",
        ],
        mention=[
            "The traffic through {v} was dreadful this morning because of the roadworks by the bridge; it took me half an hour to go a mile.",
            "There is a farmers' market in {v} on the first Saturday of the month, and I came home with {produce}.",
            "The new café on the high street in {v} does a very respectable scone, I am pleased to report.",
            "They are holding a craft fair in the town hall here in {v} next month, and I have been roped into running the tombola.",
        ],
        q_now=["Where does the user live now?", "Which town is the user living in these days?",
               "Where is the user currently based?", "What town does the user call home?",
               "Where is the user's home?", "In which town does the user live?"],
        q_before=["Where did the user live before moving to their present town?",
                  "Which town did the user use to live in?", "Where was the user's previous home?",
                  "Where was the user living before the last move?"],
        q_2024=["Where did the user live in 2024?", "Which town was the user living in during 2024?"],
    ),
    "doctor": dict(
        pool="doctor", maxlen=3,
        first=[
            "My GP is {v}, who has looked after me for years and never rushes me, which is more than can be said for most.",
            "I saw {v} at the surgery this morning about my blood pressure; as my regular doctor, {v} knows my history inside out.",
            "For your notes, the doctor I am registered with is {v} at our local practice.",
            "{v} has been my family doctor since before {dname} was born, if you can believe it.",
            "I rang the surgery to book my annual review with {v}, my GP, and was told the earliest slot is in three weeks.",
            "Dear assistant, you may need to know that my doctor is {v}, should I ever ask you to draft a letter to the surgery.",
            "My GP, {v}, has asked me to keep a diary of my blood pressure readings, which I shall do faithfully, more or less.",
            "I do trust {v}, who has been my doctor for a good many years; a GP who actually listens is a rare thing.",
            "I am on the list of {v} at the health centre, and I would not swap for anything.",
        ],
        change=[
            "{old} has retired, and I have been moved onto the list of {v}, who seems very pleasant if rather young.",
            "I have changed GP: from this month I am seeing {v} instead of {old}.",
            "Now that we are registered with the new practice, my doctor is {v}. The first appointment went well.",
            "Dear assistant, please note my GP is now {v}. The surgery reorganised its lists and {old} has gone part-time.",
            "I met my new doctor, {v}, for the first time today. Very thorough; took my blood pressure twice and asked about my sleep.",
            "{old} has left the practice, sadly. I asked to be registered with {v}, and the receptionist has confirmed it.",
            "The letter from the surgery arrived: all of {old}'s patients are being transferred to {v}, so that is who I shall see from now on.",
            "After much dithering I asked to switch doctors, and as of this week I am with {v}. {old} was perfectly nice, but we never quite saw eye to eye.",
            "My repeat prescriptions will be signed off by {v} from now on, as I have moved to a different doctor at the practice.",
            "It will take some getting used to, not seeing {old} any more, but {v} is my GP now and seems to know what they are doing.",
        ],
        consider=[],
        mention=[
            "{v} has referred me for a scan on my {body_part}; I am trying very hard not to worry.",
            "Blood test results back from {v} today: all within range, apart from the cholesterol, which I suppose means fewer biscuits.",
            "{v} has put me on a slightly higher dose of my tablets, so please remind me to collect them on {weekday}.",
            "Saw {v} about the dizzy spells, and was told firmly to drink more water and less tea.",
        ],
        q_now=["Who is the user's GP now?", "Which doctor is the user currently registered with?",
               "Who is the user's doctor these days?", "What is the name of the user's GP?",
               "Who does the user see at the surgery?"],
        q_before=["Who was the user's previous GP?", "Which doctor did the user use to see?",
                  "Who was the user's GP before the last change?"],
        q_2024=["Who was the user's GP in 2024?", "Which doctor was the user registered with in 2024?"],
    ),
    "dentist": dict(
        pool="dentist", maxlen=4,
        first=[
            "I have a check-up at {v} next {weekday}; I have been a patient there for donkey's years.",
            "My dentist is {v}, on the high street; they still see NHS patients, which is like gold dust.",
            "Dear assistant, for future reference, my dental practice is {v}. They send reminders by text, which I invariably miss.",
            "Another filling today at {v}, where I have always gone. The hygienist there is terribly stern about my flossing.",
            "We are both registered at {v} for our teeth, and {spouse} swears by the hygienist there.",
            "I have been going to {v} for as long as I can remember; they know my teeth better than I do.",
            "The receptionist at {v}, my dentist, rang to move my appointment, which was thoughtful of her.",
            "My dental practice, {v}, has put its prices up again, I notice.",
            "If I ever need an emergency dental appointment, the number to ring is {v}, where I am registered.",
        ],
        change=[
            "I have finally left {old} and registered at {v}, which is much nearer and, more to the point, still takes NHS patients.",
            "Had my first appointment at my new dentist, {v}, today. Not a single lecture about flossing, which was a pleasant surprise.",
            "Dear assistant, please update your notes: my dentist is now {v}.",
            "{old} has gone private, so I have moved to {v}. I refuse to pay those prices for a scale and polish.",
            "From now on my teeth are in the hands of {v}; I have had my records transferred from {old}.",
            "I have switched to {v}, and the dentist there found the problem with my crown in five minutes flat.",
            "I have signed up with {v} for my teeth, as the old practice is simply too far to travel.",
            "Goodbye to {old} after all these years. My check-ups will be at {v} from now on.",
            "I have joined {v}; it took three telephone calls and a form in triplicate, but I am on their books.",
            "The letter confirming my registration at {v} came this morning, so I have cancelled my next appointment at {old}.",
        ],
        consider=[
            "{spouse} has heard that {v} is taking on NHS patients; I might look into it, if I can face the paperwork.",
        ],
        mention=[
            "Scale and polish at {v} this afternoon; my gums are complaining loudly.",
            "The hygienist at {v} gave me a little bag of brushes for between my teeth, which I shall use for a week and then forget.",
            "I have a temporary crown from {v} and have been told to avoid toffee, which is a cruel blow.",
        ],
        q_now=["Which dental practice does the user go to now?", "Who is the user's dentist currently?",
               "Where does the user get their teeth seen to these days?",
               "Which dentist is the user registered with?"],
        q_before=["Which dentist did the user go to before?", "What was the user's previous dental practice?",
                  "Where did the user use to go for dental check-ups?"],
        q_2024=["Which dentist was the user with in 2024?",
                "Where did the user go for dental check-ups in 2024?"],
    ),
    "car": dict(
        pool="car", maxlen=4,
        first=[
            "I still drive my trusty {v}, which has done over ninety thousand miles and never once let me down.",
            "Our car is {a_v}, silver, somewhat dented, and perfectly adequate for trips to the garden centre.",
            "Drove the {v} to {dname}'s for Sunday lunch; it does not enjoy the motorway, but it gets there in the end.",
            "For your notes, I drive {a_v}. I mention it because the insurance renewal is due and I may want your help.",
            "Our {v} is booked in for its service on {weekday}; the garage says it is getting on a bit, like its owner.",
            "{spouse} and I share the {v}, which works well as long as nobody moves the seat.",
            "Dear assistant, my car is {a_v}, in case you need to know when I ask about tyres or parking.",
            "I washed our {v} this morning for the first time in months, and it turns out it is blue.",
            "The {v} we have had for years needs new wiper blades; could you tell me how one fits them?",
        ],
        change=[
            "We have traded in the {old} and bought {a_v}. It has all sorts of beeping sensors which I do not yet understand.",
            "Dear assistant, I have a new car: {a_v}. The {old} went to a good home, a young lad who is learning to drive.",
            "Collected our {v} from the dealership this morning. It smells new and has a screen the size of a tea tray.",
            "The old {old} finally failed its MOT, so I have bought a second-hand {v} from the garage on the bypass.",
            "I am driving {a_v} now; I would be grateful if you could remind me how to pair my phone with it.",
            "Sold the {old} on {weekday}. Its replacement, {a_v}, is parked on the drive looking very pleased with itself.",
            "Please note for the insurance: our car is {a_v} as of last week, and it is registered in my name.",
            "{sname} helped me choose {a_v} to replace the {old}, and I must say it is far more comfortable on long journeys.",
            "First long drive in the new {v} today, all the way to the coast, and not a single rattle.",
            "After much deliberation we swapped the {old} for {a_v}. {spouse} wanted red; we got grey.",
            "I have gone over to {a_v}; the {old} was costing more in repairs than it was worth.",
        ],
        consider=[
            "Test drove {a_v} this afternoon. Very smooth, but I shall sleep on it before committing to anything.",
            "{sname} thinks I ought to look at {a_v}; would you be able to tell me whether they are reliable?",
        ],
        mention=[
            "The {v} would not start this morning; the man from the breakdown service said it was the battery.",
            "Took the {v} through the car wash on the way home; {gc1} insisted on coming for the ride.",
            "Someone has parked so close to the {v} in the surgery car park that I had to climb in through the passenger side.",
            "Filled the {v} up with petrol today and nearly fainted at the price.",
        ],
        q_now=["What car does the user drive now?", "What is the user currently driving?",
               "Which car does the user have these days?", "What does the user drive?",
               "What make and model is the user's car?"],
        q_before=["What car did the user drive before?", "What was the user's previous car?",
                  "Which car did the user use to have?"],
        q_2024=["What car did the user drive in 2024?", "Which car did the user own in 2024?"],
    ),
    "dog": dict(
        pool="dog", maxlen=3,
        first=[
            "Our dog {v}, a rather portly spaniel, has taken to sleeping on my side of the bed.",
            "{v} and I walked round the reservoir this morning; she is eleven now, our dear dog, but still chases every squirrel.",
            "I ought to tell you that we have a dog, {v}, who rules the household entirely.",
            "The vet says our {v} needs to lose a kilo, which makes two of us in this house.",
            "{gc1} adores our dog {v} and would take her home in a suitcase if allowed.",
            "Dear assistant, if I ever mention {v}, that is our border terrier, a dog of strong opinions.",
            "{v}, our old labrador, barked at the postman again; they have been sworn enemies for nine years.",
            "Walking {v}, our dog, is the best part of my day; we go round the park at seven, rain or shine.",
            "Our {v} has had her annual jabs at the vet's and behaved like an angel, which is most unlike her.",
        ],
        change=[
            "I am sad to tell you that our dear old {old} died on {weekday}. The house felt so empty that we have already given a home to a rescue dog called {v}.",
            "Since losing {old}, the house has been far too quiet, so we have a new puppy! {v} is a cocker spaniel with enormous paws and no manners whatsoever.",
            "{old} has gone to live with {dname}'s in-laws on their farm, where she has far more room to run; in her place we have taken on an older greyhound, {v}.",
            "The house has a dog in it again after the sad gap {old} left: meet {v}, our rescue lurcher, who has already eaten a slipper and won our hearts.",
            "It has been a hard month since we said goodbye to {old}. {gc1} chose the name of our new dog: {v}.",
            "Our dog is {v} now, a little terrier from the rescue centre who has filled the hole {old} left; the vet has given her a clean bill of health.",
            "Please update my notes: {old} passed away peacefully, and our new dog is called {v}.",
            "Walking {v} round the park for the first time today, I kept calling her {old} out of habit. She did not seem to mind.",
            "{v} has settled in beautifully; it is hard to believe {old} has been gone only a few weeks.",
            "Dear assistant, we have a new companion now that {old} is no longer with us: {v}, a two-year-old collie cross from the rehoming centre.",
        ],
        consider=[
            "We visited the rehoming centre on {weekday} and met a lovely dog called {v}; we have not decided anything yet, and it may be too soon.",
        ],
        mention=[
            "{v} rolled in something unspeakable on the common, so out came the old tin bath.",
            "Bought {v} a new bed at the pet shop, which she has ignored in favour of the sofa.",
            "{v} has been sick on the landing carpet after eating goodness knows what in the park.",
            "{gc2} taught {v} to give a paw this afternoon, with the help of an entire packet of treats.",
        ],
        q_now=["What is the user's dog called now?", "What's the name of the user's dog?",
               "What is the user's current dog's name?", "Which dog does the user walk these days?"],
        q_before=["What was the name of the user's previous dog?",
                  "What was the dog the user had before called?",
                  "What was the user's dog called before?"],
        q_2024=["What was the user's dog called in 2024?", "Which dog did the user have in 2024?"],
    ),
    "bank": dict(
        pool="bank", maxlen=3,
        first=[
            "I have banked with {v} since my first pay packet, and I see no reason to change.",
            "My pension is paid into my account at {v}, so that is where all the standing orders come from.",
            "Went into the {v} branch in town to pay in a cheque from the insurance company; it is one of the few with a counter left.",
            "Dear assistant, my bank is {v}, should you ever need to help me with a letter or a form.",
            "{v} has sent me yet another letter about changes to the terms of my account, which I shall read when I have a spare week.",
            "Our joint account is with {v}; {spouse} handles the household bills through it.",
            "The nice young man at {v}, where I bank, helped me set up online banking, although I still prefer paper statements.",
            "I keep my savings and my everyday account with {v}, who have been good to us over the years.",
            "My bank card from {v} has expired and the new one has not come; is that usual?",
        ],
        change=[
            "I have moved my accounts from {old} to {v}. They closed our local branch and I will not bank with a telephone menu.",
            "Dear assistant, the switch is done: my pension goes into {v} now.",
            "Having lost patience with {old}, I have opened an account with {v}; the switching service promised seven days and took six.",
            "My new bank cards from {v} arrived this morning. I have cut up the {old} ones with the kitchen scissors.",
            "Please note that I bank with {v} now, and any letters from {old} can be ignored once the last statement comes.",
            "{dname} finally persuaded me to move to {v}; she says their app is much simpler for someone of my vintage.",
            "The branch in town closed last month, so I have transferred everything to {v}, which still has a counter.",
            "All my standing orders are with {v} now; moving them across from {old} was less painful than I feared.",
            "I have ended my association with {old} after forty years. Everything is with {v} from this week.",
            "Opened my account at {v} today, my new bank, and the lady who served me remembered me from the library.",
        ],
        consider=[
            "{v} are offering a rather good rate on their savings account; might it be worth switching? I should value your opinion.",
        ],
        mention=[
            "Spent forty minutes on hold to {v} about a direct debit that went out twice.",
            "Paid in the cheque from the insurers at {v} this morning; the queue was out of the door.",
            "{v} has changed its app again, and I cannot find the button for statements anywhere.",
        ],
        q_now=["Which bank does the user use now?", "Who does the user bank with currently?",
               "Where does the user keep their accounts these days?",
               "Which bank is the user's pension paid into?"],
        q_before=["Which bank did the user use before?", "Who did the user use to bank with?",
                  "What was the user's previous bank?"],
        q_2024=["Which bank was the user with in 2024?", "Who did the user bank with in 2024?"],
    ),
    "club": dict(
        pool="club", maxlen=4,
        first=[
            "Tuesday evening is sacred, as that is when I go to the {v}; I have been a member for twelve years.",
            "I am a member of the {v}, and I have just been asked to help with the raffle at the autumn do.",
            "Dear assistant, the society I belong to is the {v}; it is the highlight of my week, if I am honest.",
            "Had a lovely evening at the {v}; I have belonged to it ever since I retired, and the company is excellent.",
            "The subscription for the {v} is due, and I pay it gladly; it is the best value thing in my life.",
            "You will hear me mention the {v} a great deal; it is my club, and most of my friends are there.",
            "{spouse} teases me about how much time I spend at the {v}, but a person needs an interest outside the house.",
            "I was voted onto the committee of the {v} last night, which I suspect means nobody else wanted to do it.",
        ],
        change=[
            "I have resigned from the {old}, after one disagreement too many, and joined the {v} instead.",
            "Dear assistant, I am a member of the {v} now; my first evening there was on {weekday} and I was made very welcome.",
            "Paid my first subscription to the {v} today. I shall miss some of the people at the {old}, but not the politics.",
            "I have given up the {old}, which was too far to drive in the dark, and signed up with the {v}.",
            "My new club, the {v}, meets on Thursdays, so please remind me on Wednesday evenings.",
            "I have let my membership of the {old} lapse. My spare evenings go to the {v} instead.",
            "They have given me a badge and a locker key at the {v}, so I suppose I really am one of the members.",
            "Please update your notes: the club I belong to is now the {v}.",
            "It feels strange not going to the {old} on a Tuesday, but the {v} is friendlier and much nearer.",
            "After the {old} folded for lack of members, a few of us joined the {v}, which has taken us in very graciously.",
        ],
        consider=[
            "A friend has invited me along to a taster evening at the {v}; I must say I am tempted.",
        ],
        mention=[
            "Lovely evening at the {v} last night; the tea was stewed, but the company more than made up for it.",
            "The {v} is holding its summer barbecue on {weekday}, and I have volunteered my coleslaw.",
            "There was a row at the {v} about the new kettle, of all things; I kept my head down.",
        ],
        q_now=["Which club does the user belong to now?", "What society is the user currently a member of?",
               "Which club does the user go to these days?", "What club is the user a member of?"],
        q_before=["Which club did the user belong to before?", "What club did the user use to go to?",
                  "Which was the user's previous club?"],
        q_2024=["Which club was the user a member of in 2024?",
                "What society did the user belong to in 2024?"],
    ),
    "newspaper": dict(
        pool="newspaper", maxlen=4,
        first=[
            "We have taken {v} for as long as we have been married; the paper boy delivers it at seven sharp.",
            "My morning routine is a pot of tea and {v}, crossword first, news afterwards.",
            "Dear assistant, the newspaper I read is {v}, in case you wonder where I get my opinions from.",
            "The crossword in {v}, which I have every morning, beat me today for the first time in weeks.",
            "I collect {v} from the newsagent every morning; it is one of my few remaining extravagances.",
            "Our newspaper is {v}; {spouse} reads the sport and I read everything else.",
            "There was a long piece in {v} this morning about pensions; as a loyal reader of many years, I found it infuriating.",
            "I have a subscription to {v}, which lands on the doormat before I have my slippers on.",
        ],
        change=[
            "I have cancelled {old} and switched to {v}; I found I was shouting at the old one over breakfast.",
            "Dear assistant, we take {v} now rather than {old}. The newsagent raised an eyebrow.",
            "My first week with {v} instead of my old paper has been an education; the crossword is much harder.",
            "Please note I read {v} these days. {old} had become all adverts and no news.",
            "The paper boy has been told to stop bringing {old}; it has been {v} on the mat since Monday.",
            "Having given up on {old}, I have taken out a subscription to {v}; {spouse} approves, for once.",
            "I have started taking {v} each morning; my old paper had gone downhill badly.",
            "Out goes {old} after twenty years, and in comes {v}. I shall miss the cartoons.",
            "{v} lands on our doormat every morning now; I changed over when the price of {old} went up again.",
            "I gave up {old} and read {v} on my tablet instead, which {gc1}'s mother set up for me.",
        ],
        consider=[],
        mention=[
            "Read a very good obituary in {v} this morning of a man I was at school with.",
            "{v} had a feature on walking holidays today, and now {spouse} has ideas.",
            "I have cut out a recipe from {v} for a lemon tart and stuck it to the fridge.",
        ],
        q_now=["Which newspaper does the user read now?", "What paper does the user currently take?",
               "Which newspaper does the user have delivered these days?",
               "What newspaper does the user read?"],
        q_before=["Which newspaper did the user read before?", "What paper did the user use to take?",
                  "What was the user's previous newspaper?"],
        q_2024=["Which paper did the user take in 2024?", "What newspaper was the user reading in 2024?"],
    ),
    "phone": dict(
        pool="phone", maxlen=4,
        first=[
            "My mobile is {a_v} that {sname} passed down to me when he upgraded; I use perhaps a tenth of what it can do.",
            "Dear assistant, I am writing this on my {v}, with one finger, so please forgive any mistakes.",
            "I have {a_v}, and I should like to know how to make the writing bigger on it.",
            "The {v} I use is perfectly good, though the battery no longer lasts the day.",
            "{gc1} showed me how to take photographs properly on my {v}; I have already taken forty of the cat next door.",
            "For reference, my phone is {a_v}; I mention it because I keep asking you how to do things on it.",
            "I dropped my {v} in the garden again, but it survived, which is more than I can say for the begonias.",
            "My {v} keeps telling me it needs an update; is it safe to let it?",
        ],
        change=[
            "I have finally replaced the {old}; my new phone is {a_v}, and I am completely lost with it.",
            "Dear assistant, I have {a_v} now. {sname} set it up and transferred all my contacts from the {old}.",
            "The {old} gave up the ghost on {weekday}, so I went into town and bought {a_v}.",
            "Swapped my {old} for {a_v} at the shop today; the young lady was very patient with me.",
            "This is my first message from my new {v}; please bear with me while I find the buttons.",
            "Please note my mobile is {a_v} these days; the old one has gone in the drawer with all the other old ones.",
            "I have been given {a_v} for my birthday by the children, so the {old} is retired, like me.",
            "Getting used to the {v} is taking longer than I hoped; I keep pressing where the buttons were on the {old}.",
            "My network offered me an upgrade, and I took it: I am now the proud owner of {a_v}.",
            "The screen on the {old} cracked beyond repair, and I have bought {a_v} to replace it.",
        ],
        consider=[
            "I have been looking at the {v} in the shop window; would it be too complicated for me, do you think?",
        ],
        mention=[
            "How do I turn off the keyboard clicks on my {v}? They are driving {spouse} to distraction.",
            "My {v} rang in the middle of the concert, and I could not for the life of me work out how to silence it.",
            "Could you tell me how to send a photograph from my {v} to {dname}? She has asked three times.",
        ],
        q_now=["What phone does the user have now?", "Which mobile is the user currently using?",
               "What phone does the user use these days?", "What model is the user's mobile?"],
        q_before=["What phone did the user have before?", "Which mobile did the user use to have?",
                  "What was the user's previous phone?"],
        q_2024=["What phone did the user have in 2024?", "Which mobile was the user using in 2024?"],
    ),
    "volunteer": dict(
        pool="volunteer", maxlen=3,
        first=[
            "I do two mornings a week at the {v} as a volunteer, which keeps me out of mischief.",
            "It was my day at the {v} today; we were rushed off our feet, but I do enjoy the volunteering.",
            "Dear assistant, my volunteering is at the {v}, on Mondays and Thursdays.",
            "Since I retired I have volunteered at the {v}, and the other helpers have become good friends.",
            "The manager at the {v} has asked whether I can do an extra volunteer shift next week; I am a soft touch.",
            "I had a long shift at the {v}, where I volunteer, and came home with sore feet and a full heart.",
            "Volunteering at the {v} has given my week a shape it badly needed after I stopped work.",
            "You may hear me refer to 'my shift'; that is my volunteering at the {v}.",
        ],
        change=[
            "I have stepped down from the {old} after four happy years, and I volunteer at the {v} instead.",
            "Dear assistant, my first shift at the {v} was this morning; I have left the {old}, though I shall pop in to see everyone.",
            "My volunteering has moved: it is the {v} now, on Wednesday mornings.",
            "The {old} closed its doors last month, which was very sad, so I have offered my services to the {v}.",
            "They have put me on the volunteer rota at the {v}, so I am officially one of their helpers.",
            "I found the lifting at the {old} too much for my back, so I have moved to the {v}, which is mostly sitting and smiling.",
            "Please update your notes: I volunteer at the {v} rather than the {old}.",
            "Handed back my lanyard at the {old} last week, and today was my first session at the {v}.",
            "After my training day at the {v}, I am allowed to volunteer unsupervised, heaven help them.",
            "Giving up the {old} was hard, but the {v} needed volunteers badly and it is just round the corner.",
        ],
        consider=[],
        mention=[
            "Busy morning at the {v}; one gentleman asked me for directions to a shop that closed in 1987.",
            "The {v} is short of volunteers over the holidays, so I have agreed to an extra morning.",
            "We had a visit from the local paper at the {v} today, and I am told I shall be in the photograph.",
        ],
        q_now=["Where does the user volunteer now?", "Where is the user currently volunteering?",
               "Which organisation does the user volunteer for these days?",
               "Where does the user do volunteer shifts?"],
        q_before=["Where did the user volunteer before?", "Where did the user use to volunteer?",
                  "What was the user's previous volunteering role?"],
        q_2024=["Where did the user volunteer in 2024?",
                "Which place was the user volunteering at in 2024?"],
    ),
    "hobby": dict(
        pool="hobby", maxlen=4,
        first=[
            "My {v} class on a Wednesday is the highlight of the week; our tutor is a retired schoolteacher with endless patience.",
            "I enrolled in a {v} class at the adult education centre this term, and I am thoroughly enjoying it.",
            "Dear assistant, I am taking a class in {v} at the moment, so forgive me if I bore you with it.",
            "Homework from my {v} class: I am meant to practise for twenty minutes a day. We shall see.",
            "The {v} class was cancelled because the tutor had a cold; I was quite put out, as I look forward to it all week.",
            "I go to {v} at the community centre on Tuesdays; it keeps the brain ticking over.",
            "My {v} class met in the church hall this week as the heating had failed at the college.",
            "{spouse} thinks my {v} class is a waste of money, but I am making real progress.",
        ],
        change=[
            "I have given up {old} and started a {v} class instead; I decided I had no talent for the former.",
            "Dear assistant, this term I am doing {v} rather than {old}. The first session was on {weekday}.",
            "My new weekly class is {v}, at the adult education centre. The tutor said I show promise, which was generous.",
            "The {old} course has finished, and I have signed up for {v}, on Thursday afternoons.",
            "Please note my weekly class is {v} now; {old} clashed with the grandchildren's swimming.",
            "First lesson of {v} this afternoon! I am completely out of my depth, which is rather the point.",
            "I have swapped {old} for {v}; my hands were not up to the old one any more.",
            "Enrolled in a {v} course today, now that {old} has come to an end.",
            "With {old} behind me, I am learning {v} on Monday mornings, and enjoying it enormously.",
            "The {v} tutor has set us an exercise for next week, my first homework since I switched over from {old}.",
        ],
        consider=[],
        mention=[
            "I was pleased with how {v} went this week; the tutor singled me out for praise, which has not happened since 1971.",
            "We have a little exhibition of our {v} work at the end of term, and I am nervous already.",
            "Could you find me a good book on {v}? The tutor's reading list is rather advanced.",
        ],
        q_now=["What class is the user taking now?", "Which course is the user currently attending?",
               "What is the user learning at evening class these days?",
               "What weekly class does the user go to?"],
        q_before=["What class did the user take before?", "Which course did the user use to attend?",
                  "What was the user's previous class?"],
        q_2024=["What class was the user taking in 2024?", "Which course did the user attend in 2024?"],
    ),
}

# ---------------------------------------------------------------------------
# Other people.
# ---------------------------------------------------------------------------

PEOPLE = {
    "daughter": dict(phrase="our daughter", gender="F", names="mid_f", dname=True,
                     slots=["home", "employer", "car", "dog", "hobby"]),
    "son": dict(phrase="our son", gender="M", names="mid_m", sname=True,
                slots=["home", "employer", "car", "partner"]),
    "son-in-law": dict(phrase="our son-in-law", gender="M", names="mid_m",
                       slots=["employer", "car", "club"]),
    "sister": dict(phrase="my sister", gender="F", names="old_f",
                   slots=["home", "partner", "hobby", "car", "club"]),
    "brother": dict(phrase="my brother", gender="M", names="old_m",
                    slots=["home", "employer", "car", "partner"]),
    "friend": dict(phrase="my old school friend", gender="?", names="old",
                   slots=["home", "partner", "club", "car", "dog"]),
    "neighbour": dict(phrase="our neighbour", gender="?", names="old",
                      slots=["car", "dog", "employer"]),
    "grandson": dict(phrase="our grandson", gender="M", names="gc_m",
                     slots=["school", "instrument", "team"]),
    "granddaughter": dict(phrase="our eldest granddaughter", gender="F", names="gc_f",
                          slots=["school", "partner", "instrument"]),
}

OTHER_SLOTS = {
    "home": dict(
        pool="home",
        first=[
            "{Who} lives in {v}, about two hours away by car, and I do wish it were nearer.",
            "We drove over to see {who} in {v} on {weekday}; {his} house there is always immaculate.",
            "{Who2} has lived in {v} for years and knows every tea shop in the place.",
            "I spoke to {who} on the telephone this evening; all is well in {v}, where {he} lives.",
        ],
        change=[
            "{Who} has moved from {old} to {v}, and I have promised to visit once the unpacking is done.",
            "Big news: {who} has bought a flat in {v} and moved in last weekend.",
            "{Who} rang from {his} new home in {v}; {he} says the move went smoothly, apart from the piano stool.",
            "{Who2} has left {old} at last and is living in {v}, nearer to everything.",
            "A card arrived from {who} with {his} new address in {v}; {he} sounds very settled.",
        ],
        q=["Where does the user's {rel} live now?", "Which town is the user's {rel} living in these days?",
           "Where is the user's {rel} currently based?", "In which town does the user's {rel} live?"],
    ),
    "employer": dict(
        pool="employer",
        first=[
            "{Who} works for {v} and is rushed off {his} feet, as usual.",
            "{Who2} has been at {v} for some years and seems content enough.",
            "{Who} came round straight from work at {v}, still wearing {his} lanyard.",
            "{Who} is doing well at {v}; {he} has been put in charge of a small team.",
        ],
        change=[
            "{Who} has left {old} and started a new job at {v}.",
            "Good news from {who}: {he} has been taken on by {v} and started on Monday.",
            "{Who} handed in {his} notice at {old}; {his} first week at {v} went well, I am told.",
            "{Who2} is working for {v} now; the journey is shorter, which is a mercy.",
            "{Who} has moved jobs and is with {v}, after all that time at {old}.",
        ],
        q=["Who does the user's {rel} work for now?", "Where is the user's {rel} currently employed?",
           "Which company is the user's {rel} working at these days?", "Who employs the user's {rel}?"],
    ),
    "car": dict(
        pool="car",
        first=[
            "{Who} drives {a_v}, which is far too fast for my liking.",
            "{Who} gave me a lift in {his} {v}; very comfortable, though low to get into at my age.",
            "{Who2} has had {his} {v} for years and refuses to part with it.",
        ],
        change=[
            "{Who} has changed {his} car: the {old} is gone and {he} drives {a_v} now.",
            "{Who} turned up in a brand new {v} today, very pleased with {him}self.",
            "{Who2} has sold the {old} and bought {a_v}.",
            "{Who} has collected {a_v} from the dealership; {he} has been wanting one for ages.",
        ],
        q=["What car does the user's {rel} drive now?", "What is the user's {rel} driving these days?",
           "Which car does the user's {rel} currently have?", "What make of car does the user's {rel} drive?"],
    ),
    "dog": dict(
        pool="dog",
        first=[
            "{Who} has a dog called {v}, who barks at absolutely everything.",
            "{Who} brought {his} dog {v} round, and our carpets have not recovered.",
            "{Who2} dotes on {his} dog, {v}, the gentlest creature you could meet.",
        ],
        change=[
            "{Who} has a new puppy called {v}, after losing {old}.",
            "{Who} has rehomed {old} with a farming family and taken in a little rescue dog, {v}.",
            "{Who2} has a new dog, {v}, since poor old {old} passed away.",
        ],
        q=["What is the name of the user's {rel}'s dog now?", "What is the user's {rel}'s dog called these days?",
           "What's the user's {rel}'s current dog called?"],
    ),
    "partner": dict(
        pool="partner",
        first=[
            "{Who} has been seeing someone called {v} for a few months; we have yet to meet them.",
            "{Who} brought {his} partner {v} to Sunday lunch; very polite, and ate everything.",
            "{Who} and {v} have been together a while now, and seem very happy.",
        ],
        change=[
            "{Who} and {old} have parted ways, and I gather {he} is seeing someone called {v}.",
            "{Who} has a new partner, {v}; {old} is, as they say, history.",
            "{Who2} introduced us to {v}, {his} new partner, over tea today.",
            "I hear that {who} is going out with {v} now, since things ended with {old}.",
        ],
        q=["Who is the user's {rel} dating now?", "Who is the user's {rel} currently seeing?",
           "Who is the user's {rel}'s partner these days?", "Who is the user's {rel} going out with?"],
    ),
    "hobby": dict(
        pool="hobby",
        first=[
            "{Who} is taking a class in {v} and tells me all about it every time we speak.",
            "{Who2} has got the bug for {v} and goes to a class every week.",
        ],
        change=[
            "{Who} has given up {old} and is doing {v} now.",
            "{Who} has started a course in {v}, having finished with {old}.",
            "{Who2} has switched from {old} to a {v} class and is loving it.",
        ],
        q=["What class is the user's {rel} taking now?", "What is the user's {rel} learning these days?",
           "Which class does the user's {rel} currently attend?"],
    ),
    "club": dict(
        pool="club",
        first=[
            "{Who} belongs to the {v} and is forever trying to recruit me.",
            "{Who2} spent the whole of lunch talking about {his} evenings at the {v}.",
            "{Who} is a stalwart of the {v} and has been for years.",
        ],
        change=[
            "{Who} has left the {old} and joined the {v}.",
            "{Who} is a member of the {v} now; {he} fell out with everyone at the {old}.",
            "{Who2} has switched clubs and goes to the {v} these days.",
        ],
        q=["Which club does the user's {rel} belong to now?", "What club is the user's {rel} currently a member of?",
           "Which society does the user's {rel} go to these days?"],
    ),
    "school": dict(
        pool=None,
        first=[
            "{Who} is at {v} and loves every minute of it.",
            "I collected {who} from {v} on {weekday}; the car park was chaos.",
            "{Who2} had an open afternoon at {v}, and I was invited to see {his} work.",
        ],
        change=[
            "{Who} has started at {v}, having outgrown {old}, and wore a blazer far too big.",
            "{Who} has moved schools: {he} is at {v} now, after a difficult time at {old}.",
            "First week at {v} for {who}, and {he} says the dinners are better than at {old}.",
            "{Who2} has changed school and goes to {v} now.",
        ],
        q=["Which school does the user's {rel} go to now?", "What school is the user's {rel} currently at?",
           "Where does the user's {rel} go to school?"],
    ),
    "instrument": dict(
        pool="instrument",
        first=[
            "{Who} is learning the {v} and played me a piece over the telephone.",
            "{Who2} has {v} lessons on a Saturday morning and practises with great enthusiasm and little accuracy.",
        ],
        change=[
            "{Who} has given up the {old} and taken up the {v}; the neighbours must be relieved, or perhaps not.",
            "{Who} is learning the {v} now; the {old} has gone back to the school.",
            "{Who2} has a new instrument, the {v}, and is already better at it than at the {old}.",
        ],
        q=["Which instrument is the user's {rel} learning now?", "What instrument does the user's {rel} currently play?",
           "What is the user's {rel} learning to play these days?"],
    ),
    "team": dict(
        pool="team",
        first=[
            "{Who} plays for {v} on Sunday mornings, and I stand on the touchline in all weathers.",
            "{Who} scored for {v} at the weekend and rang to tell me all about it.",
        ],
        change=[
            "{Who} has moved to {v}, a better side than {old}, and was picked to start on Sunday.",
            "{Who} plays for {v} now; {he} left {old} after the coach retired.",
            "{Who2} has signed for {v}, so my Sunday mornings will be spent on a different touchline from {old}'s.",
        ],
        q=["Which team does the user's {rel} play for now?", "What football team is the user's {rel} currently with?",
           "Who does the user's {rel} play football for?"],
    ),
}

# ---------------------------------------------------------------------------
# Filler material.
# ---------------------------------------------------------------------------

POOLS = {
    "weekday": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "daypart": ["this morning", "this afternoon", "all day", "most of the evening", "since breakfast",
                "for most of the week"],
    "odd_time": ["three in the morning", "odd moments", "teatime", "the most inconvenient times",
                 "midnight", "random intervals"],
    "short_duration": ["an hour", "forty minutes", "two hours", "most of the evening", "twenty minutes"],
    "spouse_hobby": ["jigsaws", "birdwatching", "model railways", "sudoku puzzles", "bread making",
                     "crochet", "brass rubbing", "marquetry"],
    "car_job": ["new brake pads", "a new exhaust", "the cambelt doing", "a new battery",
                "the air conditioning regassing", "two new wiper motors"],
    "weather_adj": ["wet", "blustery", "grey", "muggy", "bitterly cold", "glorious", "foggy", "drizzly",
                    "changeable", "thundery", "frosty", "unseasonably warm", "raw", "close"],
    "weather_adj2": ["sleet", "a gale", "hailstones the size of peas", "fog until lunchtime",
                     "a downpour at exactly the wrong moment", "a wind that took the washing off the line",
                     "drizzle that never quite stopped", "a sharp frost"],
    "idle_task": ["reading the seed catalogues", "sorting the button tin", "writing to my cousin in Canada",
                  "polishing the brass", "doing a jigsaw of Salisbury Cathedral", "listening to the cricket",
                  "labelling the jam jars", "darning socks", "filing the bank statements",
                  "writing the Christmas card list far too early"],
    "plan_small": ["a walk by the river", "a trip to the garden centre", "cutting the hedge",
                   "a drive to the coast", "washing the windows", "a picnic with the grandchildren",
                   "painting the fence", "a visit to the stately home up the road"],
    "sort_thing": ["the old photograph albums", "the airing cupboard", "my late mother's letters",
                   "the loft", "the sideboard drawers", "a box of slides from the seventies", "the shed",
                   "the sewing basket", "the spare room wardrobe", "forty years of Christmas cards",
                   "the kitchen drawer that everyone is afraid of", "the bookshelves in the hall",
                   "the boxes of the children's school reports"],
    "appliance": ["washing machine", "boiler", "fridge-freezer", "dishwasher", "tumble dryer",
                  "vacuum cleaner", "toaster", "television", "electric blanket", "lawnmower"],
    "appliance_fault": ["an alarming clunk", "a smell of burning", "a habit of switching itself off",
                        "a leak underneath", "a high-pitched whine", "a flashing red light",
                        "a rattle like a bag of spanners", "a mind of its own"],
    "tradesman": ["plumber", "roofer", "electrician", "man about the damp", "chimney sweep",
                  "tree surgeon", "window fitter", "boiler engineer"],
    "daypart_past": ["this morning", "yesterday afternoon", "on Friday", "first thing", "at teatime"],
    "house_problem": ["the damp patch in the back bedroom", "the dripping tap in the bathroom",
                      "the slipped tiles over the porch", "the gutter that overflows", "the sticking back door",
                      "the crack above the lounge window", "the cold radiator on the landing"],
    "phone_chore": ["cancel a magazine subscription", "change the date of a hospital appointment",
                    "report a faulty streetlight", "sort out the water bill", "get a refund for a cancelled train",
                    "renew the television licence", "book a chimney sweep"],
    "errand": ["ring the plumber about the tap", "pay the window cleaner", "post the birthday cards",
               "take the library books back", "order more bird seed", "collect the dry cleaning",
               "return the casserole dish to next door", "book the chimney sweep", "renew the house insurance",
               "buy stamps", "change the batteries in the smoke alarm", "send a thank-you letter to {dname}",
               "defrost the freezer", "take the old coats to the charity bag"],
    "small_triumph": ["bled all the radiators", "changed the fuse in the kettle plug",
                      "worked out how to record programmes on the television", "put up a shelf that is level",
                      "unblocked the kitchen sink", "assembled a flat-pack bedside table",
                      "reset the clock on the cooker", "fixed the wobbly garden gate"],
    "garden_task": ["deadheading the roses", "digging over the vegetable bed", "pruning the apple tree",
                    "weeding the gravel path", "planting out the sweet peas", "raking up leaves",
                    "cutting back the lavender", "repotting the geraniums", "clearing the pond",
                    "trimming the hedge", "lifting the potatoes", "sowing broad beans", "tying in the clematis",
                    "mowing the back lawn", "edging the borders", "spreading compost"],
    "duration": ["an hour", "two hours", "most of the morning", "the whole afternoon", "forty minutes",
                 "a good three hours"],
    "body_part": ["knee", "hip", "left shoulder", "back", "wrist", "ankle", "right hand", "neck"],
    "flower": ["dahlias", "sweet peas", "roses", "hollyhocks", "snowdrops", "hellebores", "fuchsias",
               "tulips", "peonies", "chrysanthemums", "asters", "foxgloves"],
    "flower_state": ["a picture", "better than they have ever been", "putting on a brave show",
                     "covered in buds", "flowering their heads off", "the envy of the street"],
    "bird": ["robin", "pair of wrens", "song thrush", "green woodpecker", "family of long-tailed tits",
             "bullfinch", "nuthatch", "wood pigeon of enormous size", "pied wagtail"],
    "garden_spot": ["compost heap", "old apple tree", "water butt", "greenhouse", "bird bath",
                    "holly bush", "back fence"],
    "garden_question": ["cutting back the buddleia", "planting garlic", "moving a peony",
                        "splitting the hostas", "sowing sweet peas", "pruning wisteria", "lifting dahlia tubers"],
    "garden_dispute": ["whether the conifer should come down", "the colour of the new shed",
                       "how short to cut the lawn", "whether a pond is a good idea at our age",
                       "where to put the bird table", "the gnome {gc2} gave us"],
    "veg": ["lettuces", "runner beans", "courgettes", "strawberries", "cabbages", "carrots",
            "French beans", "beetroot"],
    "garden_purchase": ["a tray of pansies", "a new pair of secateurs", "two bags of compost",
                        "a bird feeder shaped like a cottage", "a kneeling pad", "a hanging basket",
                        "some bulbs for the front border", "a climbing rose"],
    "dish": ["fish pie", "lemon drizzle cake", "shepherd's pie", "leek and potato soup", "treacle tart",
             "chicken casserole", "Welsh rarebit", "bread and butter pudding", "a Victoria sponge",
             "beef stew with dumplings", "cauliflower cheese", "a fruit crumble", "Cornish pasties",
             "kedgeree", "cheese scones", "a lamb hotpot"],
    "verdict": ["perfectly edible", "a triumph", "a little on the salty side", "not bad at all",
                "too rich for a weeknight", "worth making again", "rather heavy going",
                "just like the ones from childhood", "an acquired taste"],
    "cook_source": ["the Sunday supplement", "an old cookery book", "the radio", "a card from the supermarket",
                    "my mother's recipe tin", "a programme on television", "the back of a packet",
                    "the Women's Institute cookbook", "a magazine at the hairdresser's"],
    "pudding": ["jam roly-poly", "rice pudding", "apple pie and custard", "a trifle", "spotted dick",
                "sticky toffee pudding", "a lemon posset", "eve's pudding"],
    "leftover": ["half a ham", "a mountain of cooking apples", "stale bread", "a great deal of rhubarb",
                 "a glut of tomatoes", "leftover turkey", "far too many eggs", "a bag of windfall pears"],
    "shop_item": ["the decent marmalade", "digestive biscuits", "the bread I like", "tinned prunes",
                  "proper butter", "self-raising flour", "my usual teabags", "ginger nuts"],
    "substitute": ["something foreign in a box", "a store's own brand", "an expensive organic version",
                   "a loaf that tastes of cotton wool", "whatever was on the bottom shelf"],
    "batch_bake": ["three dozen fairy cakes", "a tray of flapjacks", "two coffee and walnut cakes",
                   "a batch of sausage rolls", "forty mince pies", "a tray of millionaire's shortbread"],
    "bake_occasion": ["the church coffee morning", "the school fete", "the hospice bake sale",
                      "a neighbour's retirement party", "the village show", "the Macmillan coffee morning"],
    "roast": ["a leg of lamb", "a small gammon", "a rolled rib of beef", "a chicken of about two kilos",
              "a pork shoulder", "a turkey crown"],
    "gc_news": ["has lost a front tooth", "has learnt to ride a bicycle without stabilisers",
                "got a gold star for spelling", "has started swimming lessons",
                "built an enormous den in our garden", "wants to be a vet when grown up",
                "has discovered dinosaurs and talks of nothing else", "made me a card covered in glitter",
                "read a whole chapter book aloud to me", "came top in the times-tables test",
                "won a rosette at the village show", "was chosen to be a shepherd in the school play",
                "has learnt to whistle, loudly and constantly", "has a wobbly tooth and great hopes of the tooth fairy"],
    "gc_activity": ["fed the ducks and got lost in the maze", "made gingerbread men and a terrible mess",
                    "went to the museum and saw the mummy", "built a bird box in the shed",
                    "played snap until I begged for mercy", "went to the pantomime",
                    "planted sunflower seeds and watered them every ten minutes", "went crabbing off the harbour wall"],
    "gc_question": ["why the sky is blue", "how far away the moon is", "why cats purr",
                    "who invented the bicycle", "how many bones there are in a hand",
                    "why leaves change colour", "how aeroplanes stay up"],
    "family_lunch_event": ["the gravy was lumpy but nobody complained", "the children ran riot in the garden",
                           "we ran out of roast potatoes, which has never happened before",
                           "there was a great argument about board games", "the Yorkshire puddings rose magnificently"],
    "knit_item": ["a cardigan", "a bobble hat", "a scarf in school colours", "a pair of mittens",
                  "a tank top", "a jumper with a sheep on it"],
    "topic_small": ["the hedgehog in the garden", "my knee", "the state of the roads",
                    "the new vicar", "the cricket score", "next door's extension"],
    "gift_kind": ["a present", "a book", "something educational but fun", "a board game",
                  "a craft kit", "something that does not need batteries"],
    "gc_evening": ["watching an old film", "doing a jigsaw", "playing cards", "looking at the stars",
                   "telling ghost stories", "making popcorn"],
    "injury_cause": ["I slipped on the wet leaves", "I carried the shopping up the hill",
                     "I lifted the lawnmower into the car", "I overdid it at the tea dance",
                     "I reached for the top shelf", "the grandchildren's visit"],
    "ailment": ["a stubborn cough", "a touch of sciatica", "hay fever", "a cold that will not shift",
                "indigestion", "a stiff neck", "a sore throat", "an upset stomach"],
    "comfort": ["hot lemon and honey", "endless cups of tea", "the crossword and a hot water bottle",
                "chicken soup", "toast and sympathy"],
    "medication": ["my blood pressure tablets", "the statins", "my inhaler", "the eye drops",
                   "my thyroid tablets", "the cream for my hands"],
    "errand_time": ["Monday", "tomorrow", "Saturday morning", "this afternoon"],
    "vaccine": ["flu jab", "Covid booster", "shingles vaccination", "pneumonia jab"],
    "walk_distance": ["two miles", "the whole circuit of the park", "the hill up to the church",
                      "three laps of the playing field", "the walk to the shops and back"],
    "medical_term": ["'bilateral'", "'idiopathic'", "'benign essential tremor'", "'osteopenia'",
                     "'atrial fibrillation'", "'eGFR'", "'unremarkable'"],
    "sleep_reason": ["the wind kept rattling the window", "my mind would not stop whirring",
                     "the foxes were screaming", "my knee ached all night",
                     "someone's car alarm went off at three", "the landing light was on"],
    "council_action": ["filled the potholes on our road", "repainted the bus shelter",
                       "replaced the broken bench by the duck pond", "cut back the hedges on the footpath",
                       "fixed the streetlight outside number twelve", "put a new bin by the park gate"],
    "planning_thing": ["a mobile telephone mast", "twelve new houses on the paddock",
                       "a drive-through coffee shop", "a second storey on the vet's",
                       "a car wash on the old garage site"],
    "street_event": ["a street party", "a litter pick", "a garage sale", "a plant swap",
                     "a barbecue for the coronation anniversary"],
    "queue_n": ["fourteen", "twenty-two", "thirty-one", "seventeen", "nineteen", "twenty-eight"],
    "check_type": ["a blood pressure check", "a medication review", "an asthma review",
                   "a diabetic eye screening", "a blood test", "a bone density scan"],
    "bp_verdict": ["perfectly respectable", "a touch high", "the best it has been in years",
                   "nothing to worry about", "rather better than mine deserves"],
    "sticky_food": ["a toffee", "a piece of nougat", "a chewy flapjack", "a caramel",
                    "a slice of Christmas cake", "a pork scratching"],
    "gift_giver": ["{dname}", "{sname}", "{spouse}", "the children"],
    "month": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"],
    "car_park": ["supermarket", "garden centre", "hospital", "leisure centre", "station", "cathedral"],
    "drive_dest": ["the coast", "the garden centre out on the bypass", "the retail park",
                   "a stately home", "the cathedral for evensong", "a cousin's in the next county",
                   "the crematorium for a funeral", "the reservoir"],
    "walk_place": ["the river", "the old railway line", "the canal towpath", "the top of the common",
                   "the edge of the woods", "the beach", "the bridleway past the farm"],
    "dog_food": ["a grape", "a piece of chocolate", "a raw onion", "a chicken bone", "an avocado stone",
                 "a handful of raisins"],
    "money_concept": ["an ISA", "a lasting power of attorney", "contactless payment",
                      "Premium Bonds", "an annuity", "a standing order as opposed to a direct debit",
                      "inheritance tax", "a bank transfer by sort code"],
    "branch_fate": ["a nail bar", "a vape shop", "yet another coffee shop", "flats",
                    "a charity shop", "a phone repair place"],
    "ordinal": ["second", "fifth", "ninth", "twelfth", "fourteenth", "eighteenth", "twenty-first",
                "twenty-third", "twenty-eighth"],
    "talk_topic": ["my years in the civil service", "the history of our parish",
                   "growing up during rationing", "a walking holiday in the Pyrenees",
                   "my grandfather's war", "the canals of the north"],
    "clue_complaint": ["one clue was an anagram of a word I have never heard of",
                       "the setter clearly has a grudge against the over-sixties",
                       "I got all but one, and that one is haunting me",
                       "it was all cricket terms, which is hardly fair"],
    "news_topic": ["the state of the railways", "bus services being cut", "the price of heating oil",
                   "hospital waiting lists", "the closure of local libraries", "potholes",
                   "the cost of care homes", "young people and their telephones"],
    "phone_task": ["make the text bigger", "block a nuisance caller", "set an alarm",
                   "turn off the predictive text", "send a photograph by email",
                   "make a video call", "find a voicemail", "turn on the torch"],
    "vol_anecdote": ["a little boy asked me whether I knew the Queen",
                     "we sold a wedding dress to a lady of eighty-five",
                     "the till broke and I had to do sums in my head",
                     "somebody donated a stuffed owl", "a regular brought us a tin of biscuits"],
    "rota_n": ["six", "eight", "five", "seven", "nine"],
    "missed_reason": ["a hospital appointment", "the grandchildren's half term", "a funeral",
                      "a bad cold", "the car being in for repair", "the snow"],
    "mood": ["melancholy", "cheerful", "restless", "tired", "rather pleased with myself", "out of sorts",
             "nostalgic", "grumpy", "content"],
    "mood_reason": ["for no reason I can put my finger on", "because the sun has come out at last",
                    "as it would have been my mother's birthday", "after a very poor night's sleep",
                    "since the garden is finally under control", "because {dname} rang for a long chat",
                    "because it is grey and has been for a week", "having had some good news from an old friend"],
    "plan": ["a coach trip to the Lake District", "a long weekend in the Cotswolds",
             "a river cruise on the Rhine", "a week in a cottage in Northumberland",
             "a day out at the seaside with the grandchildren", "a ruby wedding party",
             "a trip to the theatre in London", "a visit to the Chelsea Flower Show"],
    "when": ["the spring", "next summer", "the autumn half term", "our anniversary", "the new year",
             "after Easter"],
    "years": ["fifty", "forty", "thirty", "sixty", "twenty-five", "forty-five"],
    "memory_event": ["I started my first job", "we moved into our first house",
                     "{spouse} and I got engaged", "my father died", "I passed my driving test",
                     "we took the children to Cornwall for the first time", "I left school",
                     "we bought our first television", "the river flooded the whole high street",
                     "I learnt to swim in the sea", "my uncle emigrated to Australia"],
    "old_object": ["my school satchel", "{spouse}'s love letters", "a box of my father's medals",
                   "the children's first shoes", "my old cine camera", "a wedding cake decoration",
                   "a programme from the 1966 final"],
    "letter_kind": ["a letter of complaint to the water company", "a letter to our MP about the buses",
                    "a note to next door about their bonfires", "a complaint to the council about the bins",
                    "a letter to the hospital about a lost appointment"],
    "confusable": ["a stoat and a weasel", "a crocodile and an alligator", "jam and jelly",
                   "a hare and a rabbit", "a moth and a butterfly", "a tortoise and a turtle",
                   "a sweet potato and a yam", "a sonnet and a ballad"],
    "recommend": ["a good detective novel", "a radio play worth listening to", "a film for a wet Sunday",
                  "a walk of no more than three miles", "a history book about the Tudors",
                  "some classical music to fall asleep to", "a board game for four generations"],
    "radio": ["a programme about lighthouse keepers", "old recordings of Kathleen Ferrier",
              "a play set in a Yorkshire pit village", "the shipping forecast", "Desert Island Discs",
              "a documentary about the Blitz"],
    "programme": ["the quiz programme", "a documentary about the Norfolk Broads", "the snooker",
                  "a costume drama", "the gardening programme", "an old Western",
                  "a detective series set in Oxford", "the cricket highlights",
                  "a nature programme about otters", "the antiques programme", "a baking competition"],
    "tv_verdict": ["I fell asleep halfway through", "{spouse} guessed the murderer in ten minutes",
                   "it was far better than I expected", "there was far too much mumbling",
                   "I cried at the end, which I blame on the sherry", "we shall certainly watch the next one"],
    "book": ["a thick biography of Churchill", "a detective novel from the library",
             "a memoir by a lighthouse keeper", "a history of the canals", "a Trollope I had never read",
             "a book about birdsong", "a thriller {dname} lent me", "an Agatha Christie for the third time",
             "a travel book about the Hebrides", "a collection of Betjeman's poems"],
    "church_state": ["packed", "half empty", "freezing", "full of visitors", "rather jolly"],
    "church_detail": ["the new organist took the hymns at a gallop", "the sermon was mercifully short",
                      "a baby cried all the way through the prayers", "we had a christening, which was lovely",
                      "the heating had failed and we kept our coats on"],
    "post_item": ["a letter from an old colleague", "a drawing from {gc2}", "a postcard from my cousin",
                  "a seed catalogue", "a thank-you card from {dname}", "an invitation to a school reunion"],
    "fname_any": ["{oldpal1}", "{oldpal2}"],
    "temptation": ["a custard slice", "the biscuit tin", "a cream tea", "the chocolates {sname} brought",
                   "a slice of {spouse}'s birthday cake", "a doughnut at the market"],
    "event_small": ["church jumble sale", "hospital appointment", "coffee morning", "parish council meeting",
                    "grandchildren's sports day", "eye test", "flower show",
                    "plant sale", "school reunion lunch", "chiropodist", "bring-and-buy sale"],
    "howto": ["get candle wax out of a tablecloth", "stop the kitchen window steaming up",
              "keep the squirrels off the bird feeder", "clean a tarnished silver teapot",
              "get rid of ants in the kitchen", "stop a cut flower arrangement from drooping",
              "shift limescale from the kettle", "unstick a jar lid"],
    "myth": ["goldfish only remember three seconds", "you should not swim after eating",
             "bulls hate the colour red", "lightning never strikes twice", "cracking your knuckles gives you arthritis",
             "carrots help you see in the dark"],
    "morning_activity": ["writing thank-you letters", "clearing out the garage", "ironing",
                         "doing the accounts", "cleaning the oven", "washing the net curtains",
                         "sorting out the medicine cabinet"],
    "neighbour_gift": ["a bag of runner beans", "a jar of chutney", "a slice of birthday cake",
                       "some eggs from her hens", "a bunch of sweet peas", "a loaf still warm from the oven"],
    "childhood_topic": ["growing up by the sea", "my grandmother's farm", "evacuation",
                        "my first school", "the winter of 1963", "my father's shop"],
    "doorstep_sale": ["dusters", "a new energy deal", "double glazing", "fish from a van",
                      "a religious magazine", "tarmac for the drive"],
    "bus_state": ["late", "packed", "freezing", "empty", "diverted"],
    "bus_companion": ["a lady who used to work at the bakery", "a young student from Hong Kong",
                      "a man with a parrot", "an old neighbour from years ago", "a nurse on her way to a shift"],
    "anniv_n": ["forty-fifth", "forty-second", "forty-seventh", "fortieth", "forty-third"],
    "when_near": ["next week", "on Saturday", "at the end of the month", "in a fortnight"],
    "card_game": ["whist", "rummy", "cribbage", "gin rummy", "Newmarket", "canasta"],
    "tv_event": ["the gardening programme", "the Last Night of the Proms", "the snooker final",
                 "the royal documentary", "the new costume drama", "the test match highlights"],
    "wildlife": ["hedgehog", "fox", "badger", "muntjac deer", "tawny owl"],
    "wildlife_food": ["a saucer of cat biscuits", "the leftovers", "a bowl of water",
                      "some peanuts, against my advice"],
    "show_entry": ["marrow", "Victoria sponge", "jar of marmalade", "dahlia", "flower arrangement",
                   "shortbread"],
    "placing": ["second", "third", "nowhere at all", "highly commended", "fourth out of five"],
    "produce": ["a bag of crab apples", "some very expensive goat's cheese", "a pork pie of great size",
                "two jars of local honey", "a loaf of sourdough", "more eggs than we need"],
    "gc_lower": ["{gc1}", "{gc2}"],
}

CORE = [
    # house and weather
    "The {weather_adj} weather kept me indoors {daypart}, so I finally sorted through {sort_thing}.",
    "It has been {weather_adj} here {daypart}, and I have done nothing more strenuous than {idle_task}.",
    "What a {weather_adj} day. I abandoned my plans for {plan_small} and stayed by the fire with {book}.",
    "The forecast promised sunshine; what we got was {weather_adj2}, so much for {plan_small}.",
    "Our {appliance} has developed {appliance_fault}, and {spouse} insists it can be fixed with a screwdriver and optimism.",
    "The {tradesman} came {daypart_past} to look at {house_problem}; he sucked his teeth and quoted a sum I shall not repeat.",
    "I have spent {duration} on the telephone trying to {phone_chore}, and I am none the wiser.",
    "Could you remind me on {weekday} to {errand}? My memory is not what it was.",
    "I must not forget to {errand} this week; would you keep me to it, please?",
    "A small triumph: I have {small_triumph} without asking anybody for help, and {spouse} is suitably impressed.",
    # garden
    "I spent {duration} in the garden on {weekday} {garden_task}, and my {body_part} is letting me know about it.",
    "The {flower} are {flower_state}, and I am quite ridiculously proud of them, given the {weather_adj} spell we have had.",
    "A {bird} has taken up residence near the {garden_spot}, and I have been watching from the kitchen window with my binoculars.",
    "Could you tell me when is the right time for {garden_question}? The books all disagree, and so do {spouse} and I.",
    "{spouse} and I disagreed about {garden_dispute} today; I expect I shall win, as I usually do.",
    "The slugs have had every one of my {veg}; I am declaring war, and I shall need your advice on tactics.",
    "I bought {garden_purchase} at the garden centre, along with a slice of cake I did not need.",
    "I managed an hour {garden_task} in the {weather_adj} weather before I gave up and came in for a cup of tea.",
    # food
    "I tried a new recipe for {dish} from {cook_source}; {spouse} pronounced it {verdict}.",
    "We had {dish} for supper, followed by {pudding}, and I shall not need to eat again until {weekday}.",
    "Could you suggest something to do with {leftover}? I have far too much of it and I hate waste.",
    "The supermarket had run out of {shop_item} again, so I came home with {substitute}, which is not the same at all.",
    "I made {batch_bake} for {bake_occasion}, and not a crumb came home.",
    "What temperature should I cook {roast} at, and for how long? I have lost my mother's old notes.",
    "I have promised {dish} for the family on {weekday}, so I had better find my reading glasses and the recipe.",
    # grandchildren and family
    "{gc_lower} {gc_news}, and I could not be prouder.",
    "We had {gc_lower} for the day on {weekday}; we {gc_activity}, and I was asleep in my chair by eight.",
    "{gc_lower} asked me {gc_question}, and I am ashamed to say I did not know the answer. Can you help?",
    "{dname} and the children came for Sunday lunch; {family_lunch_event}.",
    "I am knitting {knit_item} for {gc_lower}, though at my pace it will fit by the time the child is thirty.",
    "{sname} telephoned from work to check on us, which was thoughtful; I told him all about {topic_small}.",
    "{gc_lower} has been invited to a school friend's birthday party on {weekday}; could you suggest {gift_kind} for a child of that age?",
    "{gc_lower} stayed over last night and we were up far too late {gc_evening}.",
    "{dname} has asked us to have the children for a week in the holidays, and I have said yes before thinking about my {body_part}.",
    # health without names
    "My {body_part} has been troublesome since {injury_cause}; I am resting it, as instructed, more or less.",
    "I have {ailment} and feel very sorry for myself; {spouse} has been bringing me {comfort}.",
    "The pharmacy has my repeat prescription of {medication} ready, so collecting it is {errand_time}'s job.",
    "Had my {vaccine} at the pharmacy today; sore arm, but otherwise fine, and I treated myself to {temptation} afterwards.",
    "I have been doing the exercises the physiotherapist gave me for my {body_part}, twice a day, with much grumbling.",
    "I managed {walk_distance} today without stopping, which is an improvement on last month.",
    "Could you explain in plain English what {medical_term} means? It was in a letter from the hospital.",
    "I slept badly again; {sleep_reason}, and I have been yawning ever since.",
    # home topics, no values
    "The council have finally {council_action}, only three years after we first complained.",
    "There is a planning notice on the lamp post at the end of our road about {planning_thing}; I have written a stiff letter.",
    "Our street held {street_event} on {weekday}, and somehow I ended up in charge of the tea urn.",
    # surgery topics, no names
    "I rang the surgery at eight sharp and was number {queue_n} in the queue; by the time I got through, every appointment had gone.",
    "The surgery has sent a text asking me to book {check_type}; could you remind me to ring them on {weekday}?",
    "The practice nurse took my blood pressure today and said it was {bp_verdict}.",
    # dentist topics
    "I lost a filling on {sticky_food} and now have to ring the dentist, which I have been putting off all day.",
    "My gums are sore; I think I have been brushing too hard with the electric toothbrush {gift_giver} gave me.",
    "The reminder card for my dental check-up has been on the mantelpiece since {weekday}, glaring at me.",
    # car topics
    "The car is due its MOT in {month}; please remind me nearer the time.",
    "Some thoughtless soul dented the car in the {car_park} car park and drove off without leaving a note.",
    "Apparently the car needs new tyres and {car_job}; how do I know whether the garage is being straight with me?",
    "I drove to {drive_dest} on {weekday} and the satnav tried to send me down a farm track.",
    # dog topics
    "Took the dog for a long walk along {walk_place}; we both came home muddy to the knees.",
    "The dog has learnt to open the kitchen door, which is clever and also a disaster; {spouse} blames me.",
    "Could you tell me whether {dog_food} is dangerous for dogs? One has just been eaten off the kitchen floor.",
    "The vet's bill came in on {weekday}, and I have had to sit down with a strong cup of tea.",
    # bank topics
    "I had one of those telephone calls claiming to be from my bank, asking for my PIN; I told the man exactly what I thought of him.",
    "Could you explain how {money_concept} works? The leaflet made no sense at all.",
    "Our town has lost another bank branch; the building is to become {branch_fate}.",
    "I have been trying to use the little card reader for online banking, and it defeats me every {weekday}.",
    # club topics
    "The club's annual dinner is on the {ordinal} of next month, and I have nothing to wear.",
    "I have been asked to give a short talk at my club about {talk_topic}; could you help me plan it?",
    "Committee meeting at the club on {weekday}; it lasted two hours and decided nothing whatsoever.",
    # newspaper topics
    "The crossword defeated me today; {clue_complaint}.",
    "The paper was not delivered on {weekday}, and breakfast felt quite wrong without it.",
    "There was a piece in the paper about {news_topic}, and I have been cross about it all day.",
    # phone topics
    "How do I {phone_task} on my mobile? {gc_lower} showed me once, but I have forgotten.",
    "I need a new case for my mobile; the old one is held together with sticky tape and hope.",
    "My phone keeps making a noise like a duck at {odd_time}, and I have no idea why. Can you help?",
    # volunteering and class topics
    "Long volunteering shift today; {vol_anecdote}.",
    "The volunteers' rota for next month has come out and I am down for {rota_n} sessions, which is plenty.",
    "Our tutor has set homework for next week, and I have not the faintest idea where to begin; {spouse} is no help.",
    "Missed my class this week because of {missed_reason}; I shall have to catch up.",
    # decoys and people without questions
    "{spouse} and I are thinking about a week in {holiday} in {month}; have you any advice for a pair of slow walkers?",
    "A postcard arrived from {fname_any} in {holiday}, where the weather is apparently glorious. Lucky thing.",
    "I came across the photographs of our holiday in {holiday} today, and sat on the landing looking at them for an hour.",
    "The hire car on our trip to {holiday} was {a_decoy_car}, and I never did work out the handbrake.",
    "We looked at {a_decoy_car} in a showroom out of curiosity, but it was far too dear and far too shiny.",
    "My cousin {cousin} has moved to {decoy_town}, of all places, to be nearer the grandchildren.",
    "We drove over to {decoy_town} for the day on {weekday}; very pretty, but the tea shop was closed.",
    "I saw the locum, {decoy_doc}, about my {body_part}, since my usual doctor was on holiday.",
    "The consultant at the hospital, {decoy_doc}, was charming and in a tremendous hurry.",
    "My niece {niece} has just got a job at {decoy_employer}, and the whole family is delighted.",
    "My nephew {nephew} has bought {a_decoy_car}, which he says is very economical; I say it looks like a shoe.",
    "An old colleague of mine, {colleague}, has taken up {decoy_hobby} and talks of nothing else.",
    "My brother-in-law {bil} has moved his savings to {decoy_bank} and will not stop telling everyone how marvellous it is.",
    "Someone had left {decoy_paper} on the bench at the bus stop, so I read it from cover to cover, tutting.",
    "Our friends the {surname} have a new dog called {decoy_dog}, who is the size of a small pony.",
    "We had lunch at {restaurant} for {spouse}'s birthday; the portions were enormous and the service slow.",
    "My cousin {cousin} has joined the {decoy_club} and is trying to sign me up too.",
    "A leaflet came through the door from {decoy_dentist}, offering teeth whitening; at my age I think not.",
    "My nephew {nephew} has bought {a_decoy_phone} and spent the whole of lunch showing it to me.",
    "I picked up a leaflet about helping at the {decoy_volunteer}, but I really have not the time.",
    "Our friends the {surname} have just moved to {decoy_town} and are already complaining about the parking.",
    "{colleague}, who I worked with for twenty years, has retired to {decoy_town} and sends photographs of his roses.",
    "We had a very disappointing Sunday roast at {restaurant}; I shan't be in a hurry to go back.",
    "My niece {niece} has a new puppy called {decoy_dog}, and sends me a photograph of it every day.",
    # moods, plans, memories, questions
    "I am feeling rather {mood} today, {mood_reason}.",
    "{spouse} and I are planning {plan} for {when}; I shall need your help with the arrangements.",
    "I was thinking today about the year {memory_event}. Where does the time go?",
    "I found {old_object} in the loft today, and it brought back a flood of memories.",
    "Could you help me write {letter_kind}? I want it to be polite but firm.",
    "What is the difference between {confusable}? I have always wondered and never liked to ask.",
    "Could you recommend {recommend}? Nothing too modern, please.",
    "I have been listening to {radio} on the radio, and it has put me in a {mood} frame of mind.",
    "We watched {programme} last night; {tv_verdict}.",
    "I have just finished {book}, and I am not sure what to read next. Any suggestions?",
    "Church was {church_state} this morning; {church_detail}.",
    "The post brought {post_item} today, which rather made my morning.",
    "I had coffee in town with {fname_any} and we put the world to rights for two hours, mostly about {news_topic}.",
    "I went to the library to return {book}, and came out with three more, as usual.",
    "There is a quiz night at the village hall on {weekday}; I am told my knowledge of the 1960s will be invaluable.",
    "I have decided to learn the names of the stars I can see from the garden on a {weather_adj} night; where should I start?",
    "I have been trying to cut down on sugar, but {temptation} got the better of me today.",
    "Please remind me about the {event_small} on the {ordinal} of {month}; it is on the calendar, but I never look at the calendar.",
    "What is the best way to {howto}? I have tried everything I can think of.",
    "Is it true that {myth}? {gc_lower} swears it is.",
    "I spent the morning {morning_activity}, and I feel very virtuous.",
    "{nname} next door popped round with {neighbour_gift}, which was very kind.",
    "I have started writing down my memories of {childhood_topic} for the grandchildren; I wonder whether they will ever read them.",
    "A man came to the door selling {doorstep_sale}; I sent him on his way very politely.",
    "The bus into town was {bus_state} today, and I had a lovely chat with {bus_companion}.",
    "{fname_any} and her husband have their {anniv_n} wedding anniversary {when_near}; I need a present that is not another box of chocolates.",
    "The power went off for {short_duration} on {weekday}, and we sat by candlelight playing {card_game}.",
    "Can you tell me what time {tv_event} is on? I do not want to miss it.",
    "I have been sorting out my will, which is a gloomy job, but {dname} says it must be done, and {spouse} agrees.",
    "There is a {wildlife} in the garden at dusk most evenings now; {spouse} leaves it {wildlife_food}.",
    "Village show results: my {show_entry} came {placing}, and I am trying very hard to be gracious about it.",
    "I have been thinking about {childhood_topic} a great deal lately; is that a sign of age, do you suppose?",
    "{spouse} has taken up {spouse_hobby} with great seriousness, and the dining table has vanished under it.",
    "Could you settle an argument? {spouse} says {myth}, and I say it is nonsense.",
    "I have written to {fname_any} for the first time in years, and I do hope the letter is welcome.",
]

DIGRESSIONS = [
    "{gc_lower} {gc_news}, which made my week.",
    "The {flower} are {flower_state}, despite the slugs.",
    "My {body_part} is much better, thank you for asking, although the stairs are still a trial.",
    "{spouse} sends regards, by the way.",
    "On the health front, the new tablets seem to be agreeing with me at last.",
    "{dname} rang last night, and the grandchildren are all well.",
    "Incidentally, the blackbird is back on the bird table, bold as brass.",
    "The garden is a jungle, but I have not the energy to do much about it this week.",
    "On a happier note, {gc_lower} has been drawing pictures of us all, and I appear to have green hair.",
    "My knees, I am sorry to say, are not getting any younger.",
    "I have been sleeping better since I gave up tea after six.",
    "The {veg} are coming along nicely, if the pigeons leave them alone.",
    "{sname} is coming for supper on {weekday}, so I must think of something to cook.",
    "The physiotherapist says I am doing well, which I take with a pinch of salt.",
    "We have a {bird} visiting the garden every morning, which is a great joy.",
    "{gc_lower} has asked for a sleepover again, and I have not the heart to say no.",
    "I must remember to water the tomatoes before bed.",
    "The optician says my eyes have barely changed, which is one mercy.",
    "{nname} next door has been very good about keeping an eye on the house.",
    "I have finally finished {book}, and I cannot recommend it highly enough.",
    "My back has been playing up, so the hoovering will have to wait.",
    "The hedgehog is back, and {spouse} has named it Mr Prickles.",
    "I had a lovely long letter from {fname_any}, which I shall answer this weekend.",
    "{gc_lower} has sent a drawing of a dinosaur, which now hangs proudly on the fridge.",
    "The apple tree has never had so much fruit; I shall be making chutney until Christmas.",
    "My blood pressure reading this morning was the best for months.",
    "The robin followed me round the vegetable bed all morning, hoping for worms.",
    "{dname} is worried I am doing too much, but I would rather wear out than rust out.",
    "The lawn needs cutting, but it will have to wait until the rain stops.",
    "I have been a little short of breath on the hill, so I am taking it slowly.",
]

LEADS = [
    "It has rained all morning, so I am catching up on my correspondence.",
    "{gc_lower} has just gone home after a lively afternoon, so I finally have a moment to write.",
    "I am sitting in the conservatory with a cup of tea as I write this.",
    "My knee is playing up today, so I am confined to the armchair and to you.",
    "{spouse} is out at the shops, which gives me a quiet half-hour.",
    "I have just come in from the garden, muddy but content.",
    "The sun is out at last and the washing is on the line.",
    "I have a few minutes before my programme starts, so here goes.",
    "Forgive the late hour, but I could not sleep.",
    "We have had {dname} and the children here all weekend, and the house is finally quiet.",
    "The heating engineer has just left, and I have a moment to myself.",
    "I have been meaning to write for days, but the week has run away with me.",
    "The frost was thick on the lawn this morning, and the birds were queuing at the feeder.",
    "I have just had my lunch, a boiled egg and soldiers, and feel restored.",
]

GREETINGS = [
    "Dear assistant,\n", "Good morning.\n", "Hello again.\n", "Good evening, assistant.\n",
    "A quick note before I forget.\n", "I hope you are keeping well.\n",
    "Forgive me for writing again so soon.\n", "Another day, another note from me.\n",
    "I trust this finds you in good order.\n", "Well, here I am again.\n", "Good afternoon.\n",
    "Dear assistant, a short letter today.\n",
]

CLOSINGS = [
    "\nWith kind regards.", "\nMany thanks, as ever.", "\nYours, as always.", "\nI shall write again soon.",
    "\nThank you for listening to my ramblings.", "\nBest wishes.", "\nWarm regards.",
    "\nThat is all for now.", "\nWith thanks for your patience.",
]

# ---------------------------------------------------------------------------
# Machinery.
# ---------------------------------------------------------------------------

_PH = re.compile(r"\{(\w+)\}")
_VOWEL = re.compile(r"[AEIOUaeiou]|i[A-Z]")


def _fill(tpl, ctx, rng):
    def rep(m):
        key = m.group(1)
        art = key[:2] in ("a_", "A_")
        cap = key[0].isupper()
        if art:
            key = key[2:]
        if key not in ctx and key not in POOLS and key[0].isupper():
            key = key[0].lower() + key[1:]
        val = ctx[key] if key in ctx else POOLS[key]
        if isinstance(val, (list, tuple)):
            val = rng.choice(val)
        if art:
            val = ("an " if _VOWEL.match(val) else "a ") + val
        if cap:
            val = val[0].upper() + val[1:]
        return val

    for _ in range(4):
        new = _PH.sub(rep, tpl)
        if new == tpl:
            break
        tpl = new
    return tpl


_MOD = (1 << 61) - 1
_BASE = 1000003
_POW = [1]
for _i in range(400):
    _POW.append(_POW[-1] * _BASE % _MOD)
_WORD = re.compile(r"[a-z0-9]+")


class _NearDup:
    """Rejects texts equal to an earlier one up to punctuation/case, or differing from it by
    one inserted, deleted or substituted word."""

    def __init__(self):
        self.ids = {}
        self.full = set()
        self.dels = set()

    def _keys(self, text):
        seq = [self.ids.setdefault(w, len(self.ids) + 1) for w in _WORD.findall(text.lower())]
        n = len(seq)
        pre = [0] * (n + 1)
        for i, x in enumerate(seq):
            pre[i + 1] = (pre[i] * _BASE + x) % _MOD
        full = (n, pre[n])
        dels = set()
        for i in range(n):
            suf = (pre[n] - pre[i + 1] * _POW[n - i - 1]) % _MOD
            dels.add((n - 1, (pre[i] * _POW[n - i - 1] + suf) % _MOD))
        return full, dels

    def add(self, text):
        full, dels = self._keys(text)
        if full in self.full or full in self.dels:
            return False
        for d in dels:
            if d in self.full or d in self.dels:
                return False
        self.full.add(full)
        self.dels |= dels
        return True


def _iso(secs):
    return (_START + timedelta(seconds=secs)).isoformat()


class _Clock:
    def __init__(self, rng):
        self.rng = rng
        self.used = set()

    def at(self, lo_day, hi_day):
        lo_day = max(0, lo_day)
        hi_day = min(_LAST_DAY, hi_day)
        if hi_day < lo_day:
            hi_day = lo_day
        while True:
            s = self.rng.randint(lo_day, hi_day) * 86400 + self.rng.randint(7 * 3600, 22 * 3600 + 3599)
            if s not in self.used:
                self.used.add(s)
                return s


def _chain_days(rng, n):
    days = [rng.randint(2, 118)]
    if n > 1:
        lo, hi = _FIRST_2025 + 4, _LAST_DAY - 4
        seg = (hi - lo) // (n - 1)
        for i in range(n - 1):
            a = lo + i * seg
            days.append(rng.randint(a + seg // 6, a + seg - seg // 6))
    return days


def _context(rng):
    """Family, names and decoy lists for one simulated person."""
    of, om = OLD_F[:], OLD_M[:]
    mf, mm = MID_F[:], MID_M[:]
    gf, gm = GC_F[:], GC_M[:]
    for lst in (of, om, mf, mm, gf, gm):
        rng.shuffle(lst)
    spouse_is_wife = rng.random() < 0.5
    ctx = {
        "spouse": (of if spouse_is_wife else om).pop(),
        "dname": mf.pop(), "sname": mm.pop(), "silname": mm.pop(),
        "gc1": gf.pop(), "gc2": gm.pop(),
        "sisname": of.pop(), "broname": om.pop(),
        "nname": (of if rng.random() < 0.5 else om).pop(),
    }
    ctx["friend_is_f"] = rng.random() < 0.5
    ctx["friendname"] = (of if ctx["friend_is_f"] else om).pop()
    ctx["neigh_is_f"] = ctx["nname"] in OLD_F
    ctx["eldest_gd"] = gf.pop()
    ctx["eldest_gs"] = gm.pop()
    ctx["oldpal1"], ctx["oldpal2"] = of.pop(), of.pop()
    ctx["oldpal3"] = om.pop()
    ctx["cousin"] = [of.pop(), of.pop()]
    ctx["niece"] = [mf.pop(), mf.pop()]
    ctx["nephew"] = [mm.pop(), mm.pop()]
    ctx["colleague"] = [om.pop(), om.pop()]
    ctx["bil"] = om.pop()
    ctx["surname"] = SURNAMES[:]
    ctx["holiday"] = HOLIDAYS[:]
    ctx["restaurant"] = RESTAURANTS[:]
    return ctx


_PERSON_NAME = {
    "daughter": ("dname", "F"), "son": ("sname", "M"), "son-in-law": ("silname", "M"),
    "sister": ("sisname", "F"), "brother": ("broname", "M"), "friend": ("friendname", None),
    "neighbour": ("nname", None), "grandson": ("gc2", "M"), "granddaughter": ("eldest_gd", "F"),
}


def _person_ctx(rel, ctx):
    key, g = _PERSON_NAME[rel]
    name = ctx[key]
    if g is None:
        g = "F" if (ctx["friend_is_f"] if rel == "friend" else ctx["neigh_is_f"]) else "M"
    phrase = PEOPLE[rel]["phrase"]
    pr = {"F": ("she", "her", "her"), "M": ("he", "his", "him")}[g]
    return {"who": f"{phrase} {name}", "who2": f"{name}, {phrase[0].lower() + phrase[1:]},",
            "name": name, "rel": rel, "he": pr[0], "his": pr[1], "him": pr[2]}


def _decorate(rng, body, ctx, p_lead, p_greet, p_dig, p_close):
    parts_lead = _fill(rng.choice(LEADS), ctx, rng) + " " if rng.random() < p_lead else ""
    greet = rng.choice(GREETINGS) if rng.random() < p_greet else ""
    if body.startswith("Dear"):
        parts_lead = greet = ""
    dig = " " + _fill(rng.choice(DIGRESSIONS), ctx, rng) if rng.random() < p_dig else ""
    close = rng.choice(CLOSINGS) if rng.random() < p_close else ""
    for variant in ((greet, parts_lead, dig, close), (greet, parts_lead, dig, ""), (greet, parts_lead, "", ""),
                    (greet, "", "", ""), ("", "", "", "")):
        g, l, d, c = variant
        text = g + l + body + d + c
        if len(text) <= 400:
            return text
    return body[:400]


def _plan(user, seed):
    """Everything that does not depend on size: chains, statements, questions."""
    rng = random.Random(f"{SPLIT}/plan/{user}/{seed}")
    ctx = _context(rng)
    pools = {k: v[:] for k, v in POOL_OF.items()}
    for v in pools.values():
        rng.shuffle(v)

    chains = []   # dicts: subject, slot, values, days, texts, questions
    # user slots
    names = list(USER_SLOTS)
    rng.shuffle(names)
    chosen = names[:rng.randint(8, 10)]
    for slot in chosen:
        spec = USER_SLOTS[slot]
        n = rng.choice([2, 2, 3, 3, 3, 4])
        n = min(n, spec["maxlen"])
        vals = [pools[spec["pool"]].pop() for _ in range(n)]
        chains.append(dict(subject="user", slot=slot, values=vals, days=_chain_days(rng, n), spec=spec))
    # other people
    rels = list(PEOPLE)
    rng.shuffle(rels)
    for rel in rels[:4]:
        pc = _person_ctx(rel, ctx)
        slots = PEOPLE[rel]["slots"][:]
        rng.shuffle(slots)
        for slot in slots[:3]:
            spec = OTHER_SLOTS[slot]
            pool = spec["pool"] or ("primary" if rel == "grandson" else "secondary")
            n = rng.choice([1, 2, 2, 3])
            vals = [pools[pool].pop() for _ in range(n)]
            chains.append(dict(subject=rel, slot=slot, values=vals, days=_chain_days(rng, n), spec=spec, pctx=pc))

    # decoys: whatever was not used
    ctx.update({"decoy_town": pools["home"], "decoy_car": pools["car"], "decoy_doc": pools["doctor"],
                "decoy_dog": pools["dog"], "decoy_bank": pools["bank"], "decoy_paper": pools["newspaper"],
                "decoy_dentist": pools["dentist"], "decoy_club": pools["club"], "decoy_phone": pools["phone"],
                "decoy_employer": pools["employer"], "decoy_hobby": pools["hobby"],
                "decoy_volunteer": pools["volunteer"], "gc_lower": [ctx["gc1"], ctx["gc2"]]})

    # statements and questions
    nd = _NearDup()
    clock = _Clock(rng)
    decks = {}
    for ch in chains:
        spec = ch["spec"]
        key = (ch["subject"] == "user", ch["slot"])
        if key not in decks:
            decks[key] = (spec["first"][:], spec["change"][:])
            rng.shuffle(decks[key][0])
            rng.shuffle(decks[key][1])
        firsts, changes = decks[key]
        texts, secs = [], []
        local = dict(ctx)
        local.update(ch.get("pctx", {}))
        user_side = ch["subject"] == "user"
        for i, v in enumerate(ch["values"]):
            local["v"] = v
            local["old"] = ch["values"][i - 1] if i else ""
            src = firsts if i == 0 else changes
            for attempt in range(40):
                tpl = src[(attempt) % len(src)]
                body = _fill(tpl, local, rng)
                if user_side:
                    text = _decorate(rng, body, local, 0.2, 0.2, 0.3, 0.15)
                else:
                    text = _decorate(rng, body, local, 0.15, 0.1, 0.3, 0.1)
                if nd.add(text):
                    src.remove(tpl)
                    if not src:
                        refill = list(spec["first"] if i == 0 else spec["change"])
                        rng.shuffle(refill)
                        src.extend(refill)
                    break
            else:
                raise RuntimeError("could not place statement")
            texts.append(text)
            secs.append(clock.at(ch["days"][i], ch["days"][i]))
        ch["texts"], ch["secs"] = texts, secs
        last = len(ch["values"]) - 1
        qs = []
        if user_side:
            a, b = rng.sample(spec["q_now"], 2)
            qs.append(dict(question=a, tense="now", gold=last))
            qs.append(dict(question=b, tense="now", gold=last))
            qs.append(dict(question=rng.choice(spec["q_before"]), tense="before", gold=last - 1))
            qs.append(dict(question=rng.choice(spec["q_2024"]), tense="before", gold=0))
        else:
            q = rng.choice(spec["q"]).replace("{rel}", ch["subject"])
            if ch["subject"] == "friend":
                q = q.replace("user's friend", "user's old school friend")
            qs.append(dict(question=q, tense="now", gold=last))
        ch["questions"] = qs
    return ctx, chains, nd, clock


def _build(size, user, seed):
    ctx, chains, nd, clock = _plan(user, seed)
    rng = random.Random(f"{SPLIT}/fill/{user}/{seed}/{size}")
    clock.rng = rng

    # drop whole chains (other people's first, latest first) until the facts fit
    kept = list(chains)
    order = [c for c in reversed(chains) if c["subject"] != "user"] + \
            [c for c in reversed(chains) if c["subject"] == "user"]
    n_facts = sum(len(c["values"]) for c in kept)
    for c in order:
        if n_facts <= size:
            break
        kept.remove(c)
        n_facts -= len(c["values"])
    if n_facts > size:
        kept, n_facts = [], 0
    # forget the texts of dropped chains so they do not block anything
    if len(kept) != len(chains):
        nd = _NearDup()
        for c in kept:
            for t in c["texts"]:
                nd.add(t)

    mems = []
    for c in kept:
        for i, v in enumerate(c["values"]):
            mems.append(dict(content=c["texts"][i], _secs=c["secs"][i], _t="fact",
                             fact=dict(subject=c["subject"], slot=c["slot"], index=i, value=v)))

    n_fill = size - n_facts
    used_cores = set()

    def place(text_body, lo, hi, kind, p_dig=0.35):
        text = _decorate(rng, text_body, ctx, 0.1, 0.25, p_dig, 0.15)
        if text in used_cores or not nd.add(text):
            return False
        mems.append(dict(content=text, _secs=clock.at(lo, hi), _t=kind))
        return True

    # considering a value shortly before it is adopted (user slots only)
    budget_c = int(n_fill * 0.06)
    local = dict(ctx)
    for c in kept:
        if c["subject"] != "user" or not c["spec"]["consider"]:
            continue
        for i in range(1, len(c["values"])):
            if budget_c <= 0 or rng.random() > 0.45:
                continue
            lo = max(c["days"][i - 1] + 2, c["days"][i] - 25)
            hi = c["days"][i] - 1
            if hi < lo:
                continue
            local["v"] = c["values"][i]
            for _ in range(5):
                if place(_fill(rng.choice(c["spec"]["consider"]), local, rng), lo, hi, "consider"):
                    budget_c -= 1
                    break

    # passing mentions of the value that is current at the time
    windows = []
    for c in kept:
        if c["subject"] != "user" or not c["spec"]["mention"]:
            continue
        for i in range(len(c["values"])):
            lo = c["days"][i] + 1
            hi = c["days"][i + 1] - 1 if i + 1 < len(c["values"]) else _LAST_DAY
            if hi >= lo:
                windows.append((c, i, lo, hi))
    budget_m = int(n_fill * 0.03)
    used_mention = set()
    tries = 0
    while budget_m > 0 and windows and tries < budget_m * 6 + 20:
        tries += 1
        w = rng.choice(windows)
        c, i, lo, hi = w
        free = [t for t in c["spec"]["mention"] if (t, c["values"][i]) not in used_mention]
        if not free:
            windows.remove(w)
            continue
        tpl = rng.choice(free)
        local["v"] = c["values"][i]
        if place(_fill(tpl, local, rng), lo, hi, "mention"):
            used_mention.add((tpl, c["values"][i]))
            budget_m -= 1

    # everyday filler
    remaining = size - len(mems)
    misses = 0
    core_nd = _NearDup()      # while possible, no two everyday cores differ by a single word
    strict_misses = 0
    while remaining > 0:
        core = _fill(rng.choice(CORE), ctx, rng)
        if core in used_cores and misses < 2000:
            misses += 1
            continue
        if strict_misses < 3000 and not core_nd.add(core):
            strict_misses += 1
            continue
        text = _decorate(rng, core, ctx, 0.0, 0.35, 0.45, 0.25)
        if not nd.add(text):
            misses += 1
            if misses > 200000:
                raise RuntimeError("filler exhausted")
            continue
        used_cores.add(core)
        mems.append(dict(content=text, _secs=clock.at(0, _LAST_DAY), _t="filler"))
        remaining -= 1

    mems.sort(key=lambda m: m["_secs"])
    questions = []
    for c in kept:
        for q in c["questions"]:
            questions.append(dict(question=q["question"], subject=c["subject"], slot=c["slot"],
                                  tense=q["tense"], gold=q["gold"], values=list(c["values"]),
                                  kind=_kind(q["question"])))
    return mems, questions, kept


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    mems, questions, _ = _build(size, user, seed)
    out = []
    for m in mems:
        d = {"content": m["content"], "created": _iso(m["_secs"])}
        if "fact" in m:
            d["fact"] = dict(m["fact"])
        out.append(d)
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW, "memories": out, "questions": questions}


# ---------------------------------------------------------------------------
# Self-check.
# ---------------------------------------------------------------------------

def _value_re(v):
    return re.compile(r"(?<![\w])" + re.escape(v) + r"(?![\w])")


def _check_one(size, user, seed=0):
    d = generate(size, user, seed)
    mems, questions, kept = _build(size, user, seed)
    assert d["split"] == SPLIT and d["user"] == user and d["seed"] == seed and d["now"] == NOW
    ms = d["memories"]
    assert len(ms) == size, (len(ms), size)
    created = [m["created"] for m in ms]
    assert created == sorted(created) and len(set(created)) == size
    assert created[0] >= "2024-09-01T00:00:00+00:00" and created[-1] <= "2025-09-30T23:59:59+00:00"
    assert all(c.endswith("+00:00") for c in created)
    contents = [m["content"] for m in ms]
    assert len(set(contents)) == size
    assert all(c.strip() and len(c) <= 400 for c in contents)
    nd = _NearDup()
    for c in contents:
        assert nd.add(c), c
    # chains
    chains = {}
    for m in ms:
        if "fact" in m:
            f = m["fact"]
            assert set(f) == {"subject", "slot", "index", "value"}
            assert f["value"] in m["content"], m
            chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], m["created"]))
    user_slots = [k for k in chains if k[0] == "user"]
    others = [k for k in chains if k[0] != "user"]
    if size >= 100:
        assert 8 <= len(user_slots) <= 10, user_slots
        assert len({k[0] for k in others}) == 4 and len(others) == 12
    user_vals = {}
    for k, steps in chains.items():
        steps.sort()
        assert [s[0] for s in steps] == list(range(len(steps)))
        times = [s[2] for s in steps]
        assert times == sorted(times)
        assert times[0] < "2025-01-01", (k, times)
        assert all(t >= "2025-01-01" for t in times[1:]), (k, times)
        vals = [s[1] for s in steps]
        assert len(set(vals)) == len(vals)
        if k[0] == "user":
            assert 2 <= len(steps) <= 4
            user_vals.setdefault(k[1], set()).update(vals)
        else:
            assert 1 <= len(steps) <= 3
    for k, steps in chains.items():
        if k[0] != "user":
            assert not ({s[1] for s in steps} & user_vals.get(k[1], set())), k
    all_vals = {s[1] for steps in chains.values() for s in steps}
    # questions
    qs = d["questions"]
    per = {}
    for q in qs:
        assert set(q) == {"question", "subject", "slot", "tense", "gold", "values", "kind"}
        key = (q["subject"], q["slot"])
        assert key in chains
        vals = [s[1] for s in chains[key]]
        assert q["values"] == vals
        assert q["kind"] == _kind(q["question"])
        ql = q["question"].lower()
        if q["tense"] == "now":
            assert q["gold"] == len(vals) - 1
            assert q["kind"] in ("now", "currently", "these days", "plain"), q
            for w in ("before", "previous", "used to", "use to", "2024"):
                assert w not in ql, q
        else:
            assert q["tense"] == "before"
            assert q["kind"] in ("before", "used to", "in 2024"), q
            if "2024" in ql:
                assert q["gold"] == 0 and q["kind"] == "in 2024"
            else:
                assert q["gold"] == len(vals) - 2
        assert "user" in ql
        per.setdefault(key, []).append(q)
    for key in chains:
        got = per.get(key, [])
        if key[0] == "user":
            tenses = sorted((q["tense"], q["gold"]) for q in got)
            n = len(chains[key])
            assert tenses == sorted([("now", n - 1), ("now", n - 1), ("before", n - 2), ("before", 0)]), (key, tenses)
            assert len({q["question"] for q in got}) == 4
        else:
            assert len(got) == 1 and got[0]["tense"] == "now"
    # unlabelled memories: no value stated, except time-correct passing mentions / considerations
    regs = {v: _value_re(v) for v in all_vals}
    step_time = {}
    for k, steps in chains.items():
        for i, v, t in steps:
            step_time[(k, i)] = t
    for m in mems:
        if m["_t"] == "fact":
            continue
        t = _iso(m["_secs"])
        hits = [v for v, r in regs.items() if r.search(m["content"])]
        if m["_t"] == "filler":
            assert not hits, (hits, m["content"])
        else:
            assert len(hits) == 1, (hits, m["content"])
            v = hits[0]
            (k, i), = [((k, i), ) [0] for k, steps in chains.items() for i, vv, _ in steps if vv == v]
            nxt = step_time.get((k, i + 1))
            if m["_t"] == "mention":
                assert step_time[(k, i)] < t and (nxt is None or t < nxt), m
            else:
                assert i >= 1 and step_time[(k, i - 1)] < t < step_time[(k, i)], m
    return d


def self_check() -> None:
    import time
    for size in (1000, 100):
        for user in range(4):
            d1 = _check_one(size, user)
            d2 = generate(size, user)
            assert d1 == d2, "not deterministic"
    assert generate(100, 0, 1) != generate(100, 0, 0)
    a, b = generate(1000, 0), generate(1000, 1)
    assert {m["content"] for m in a["memories"] if "fact" in m} != {m["content"] for m in b["memories"] if "fact" in m}
    # small sizes drop whole chains
    for size in (5, 20, 40):
        d = generate(size, 2)
        assert len(d["memories"]) == size
        keys = {(q["subject"], q["slot"]) for q in d["questions"]}
        facts = {(m["fact"]["subject"], m["fact"]["slot"]) for m in d["memories"] if "fact" in m}
        assert keys == facts
    t = time.time()
    _check_one(10000, 0)
    assert time.time() - t < 30


if __name__ == "__main__":
    import time
    t0 = time.time()
    self_check()
    print("self_check passed in %.1fs" % (time.time() - t0))
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(len(d["memories"]), "memories,", len(facts), "facts,", len(d["questions"]), "questions")
    for m in facts[:12]:
        print(m["created"], m["fact"], "\n   ", m["content"].replace("\n", " / "))
    print("--- filler sample")
    for m in [m for m in d["memories"] if "fact" not in m][:10]:
        print(m["created"], m["content"].replace("\n", " / "))
    print("--- questions sample")
    for q in d["questions"][:10]:
        print(q)
