"""Knowledge-update set blind8: three kinds of people using a personal assistant for a year.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Blind: measured at fb9842e (current@1 0.406 at 1,000) and after the work of the
fifth session of 2026-12-01 (0.490); its failures not read.

    python3 bench/knowledge_updates.py --split blind8 --mode library

Persona by user number (user % 3): a chatty retiree (long messages, family news), a terse
professional (notes-to-self, arrows and colons), a student (slang mixed with proper sentences).
Each user has 12 slots whose value changes 2-3 times, four other people with three slots each
changing once or twice, and filler up to `size` memories.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

R, P, S = "r", "p", "s"  # retiree, professional, student
PERSONAS = (R, P, S)

# Each slot: values; user templates as (persona, text) with {v} and optionally {prev}
# (the value before, only used for changes); now / before / year questions; other-person
# templates with {who}; other-person questions with {rel}.
SLOTS: dict[str, dict] = {
    "city": {
        "values": ["Leeds", "Bristol", "York", "Norwich", "Brighton", "Edinburgh", "Cardiff", "Bath",
                   "Exeter", "Nottingham", "Sheffield", "Glasgow", "Manchester", "Canterbury", "Durham"],
        "user": [
            (R, "Well, the removal men have finally gone and we are properly settled in {v} now. Our Robert says the garden is smaller but the view of the hills makes up for it."),
            (R, "We moved to {v} in the end, dear, to be nearer the grandchildren. It took three weeks to find the kettle."),
            (R, "Our Jean rang to ask how {v} is treating us. I told her the people here are ever so friendly and the buses actually run on time."),
            (R, "Mum always said I'd end up by the sea. Well, we've sold up and bought a little bungalow in {v} (two bedrooms, lovely conservatory)."),
            (P, "moving: {prev} → {v}. keys Friday."),
            (P, "address change done. new city: {v}."),
            (P, "Relocated to {v}. Update council tax, GP, electoral roll."),
            (P, "home = {v} from this month"),
            (S, "ok so I've officially moved to {v}?? still can't believe it"),
            (S, "Mum said 'you're a proper {v} girl now' when I told her I'd learnt the bus routes lol"),
            (S, "new flat in {v} is tiny but it's mine, the landlord seems decent"),
            (S, "living in {v} these days, rent is cheaper than {prev} ngl"),
        ],
        "now": ["Where does the user live now?", "Which city is the user currently living in?",
                "What city does the user live in these days?", "Where's the user based at the moment?",
                "user's current city?", "Where does the user live?", "Does the user still live in the same city? Where now?"],
        "before": ["Where did the user live before?", "Which city did the user live in previously?",
                   "Where was the user living before the latest move?", "What city did the user use to live in?"],
        "year": ["Where did the user live in {year}?", "Which city was the user living in back in {year}?",
                 "user's city in {year}?"],
        "other": ["{who} has moved to {v}.", "{who} is living in {v} now, apparently.",
                  "{who} just bought a flat in {v}.", "{who} relocated to {v} for a fresh start."],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} living in currently?",
                    "user's {rel}'s city?"],
    },
    "employer": {
        "values": ["Wise", "Ocado", "Arup", "Deliveroo", "Rolls-Royce", "Sainsbury's", "Unilever", "Dyson",
                   "Sky", "Octopus Energy", "John Lewis", "GSK", "Atkins", "Capita", "Burberry"],
        "user": [
            (R, "You'll laugh, but I've taken a little part-time job at {v}, three mornings a week. It gets me out of the house and the young ones are very patient with me."),
            (R, "I was offered a few hours at {v} helping in the office, and our Robert said 'go on, Mum, you'll love it', so I've said yes."),
            (R, "Finished my last shift at {prev} on Friday, cake and everything. Starting at {v} on Monday, if you can believe it at my age!"),
            (R, "My commute to {v} is only twenty minutes on the bus, which suits my knees."),
            (P, "new job: {v}, starting Monday."),
            (P, "Signed the offer. {prev} → {v}."),
            (P, "I was hired by {v} as a senior analyst. Notice period done."),
            (P, "commute to the {v} office ~40 min. podcast queue needed."),
            (S, "got the part-time job at {v}!!! first shift saturday"),
            (S, "I've started working at {v} on weekends, the staff discount is elite"),
            (S, "quit {prev}, working at {v} now, way better hours"),
            (S, "My manager at {v} said I'm a natural, which is a first."),
        ],
        "now": ["Where does the user work now?", "Who is the user's current employer?",
                "Which company does the user work for these days?", "Where is the user working at the moment?",
                "user's employer?", "Who does the user work for?", "Is the user still at the same company? Who employs them now?"],
        "before": ["Where did the user work before?", "Who was the user's previous employer?",
                   "Which company did the user use to work for?"],
        "year": ["Where did the user work in {year}?", "Who employed the user in {year}?"],
        "other": ["{who} has started a new job at {v}.", "{who} works at {v} now.",
                  "{who} was hired by {v} last week.", "{who} got an offer from {v} and took it."],
        "other_q": ["Where does the user's {rel} work now?", "Who is the user's {rel}'s current employer?",
                    "Which company employs the user's {rel} these days?"],
    },
    "phone": {
        "values": ["iPhone 15 Pro", "Pixel 8", "Galaxy S24", "Fairphone 5", "OnePlus 12", "Nothing Phone (2)",
                   "Motorola Edge 40", "Xperia 10 V", "iPhone SE", "Galaxy A55", "Pixel 7a", "Honor Magic6 Pro",
                   "Xiaomi 14"],
        "user": [
            (R, "Our grandson set me up with a {v} for my birthday. The buttons are all on the glass, which takes some getting used to, but I can see the photos of the baby so clearly."),
            (R, "I dropped the old {prev} in the washing-up bowl, so I'm using a {v} now. The man in the shop was very kind."),
            (R, "Our Robert finally talked me into a {v}. I've put the text size right up."),
            (R, "I'm phoning you from my new {v}, isn't technology marvellous."),
            (P, "phone -> {v}. transfer 2FA codes."),
            (P, "Switched to {v}. Old handset wiped and sold."),
            (P, "daily driver now: {v}"),
            (P, "new phone: {v} (work contract renewed)."),
            (S, "cracked my screen AGAIN so I'm on a {v} now"),
            (S, "the {v} camera is unreal, my insta has never looked better"),
            (S, "finally ditched the {prev} for a {v}, battery lasts all day"),
            (S, "I've been using a {v} since the upgrade came through."),
        ],
        "now": ["What phone does the user have now?", "Which phone is the user currently using?",
                "What handset does the user use these days?", "What phone is the user on at the moment?",
                "user's current phone?", "What phone does the user have?"],
        "before": ["What phone did the user have before?", "Which phone did the user use previously?",
                   "What was the user's previous phone?"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?"],
        "other": ["{who} got a {v}.", "{who} is using a {v} now.", "{who} switched to a {v}.",
                  "{who} upgraded to the {v}."],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone is the user's {rel} currently using?"],
    },
    "dog": {
        "values": ["Dash", "Biscuit", "Luna", "Pepper", "Winston", "Maple", "Bramble", "Otis", "Hazel", "Rolo",
                   "Juno", "Murphy", "Skye", "Toffee"],
        "user": [
            (R, "Our {prev} (the spaniel) passed in the spring; we've since taken in a rescue greyhound called {v}. He sleeps on the end of my bed, the cheek of it."),
            (R, "We've a new puppy! A little cocker called {v}. The grandchildren chose the name."),
            (R, "Took {v} to the vet for her jabs today, she was ever so brave. She's been our girl for a while now."),
            (R, "Our dog {v} is a terrier through and through, digging up the roses every morning."),
            (P, "dog: {v} (rescue). vet registration done."),
            (P, "Adopted a dog. Name: {v}. Insurance sorted."),
            (P, "{prev} rehomed with my parents. New dog {v} arrives Saturday."),
            (P, "book dog walker for {v}, Tue/Thu."),
            (S, "WE GOT A DOG. her name is {v} and she's perfect"),
            (S, "my dog {v} ate my lecture notes, that's not even a joke"),
            (S, "I've been fostering a lab called {v} and we're keeping him, obviously"),
            (S, "walking {v} is the only exercise I get these days"),
        ],
        "now": ["What is the user's dog called now?", "What's the name of the user's current dog?",
                "What dog does the user have these days?", "What's the user's dog's name at the moment?",
                "user's dog?", "What is the user's dog called?"],
        "before": ["What was the user's previous dog called?", "What dog did the user have before?",
                   "What was the name of the dog the user used to have?"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?"],
        "other": ["{who} got a puppy called {v}.", "{who} has a new dog, {v}.", "{who} adopted a rescue dog named {v}.",
                  "{who}'s dog is called {v}."],
        "other_q": ["What is the user's {rel}'s dog called now?", "What's the name of the user's {rel}'s current dog?"],
    },
    "gym": {
        "values": ["PureGym", "The Gym Group", "Anytime Fitness", "Nuffield Health", "David Lloyd", "Virgin Active",
                   "Better", "Gymbox", "Third Space", "Snap Fitness", "JD Gyms", "Bannatyne", "Everlast Gyms", "1Rebel"],
        "user": [
            (R, "I've joined {v} for the aqua aerobics, Tuesday and Thursday mornings. There's a lovely group of ladies and we have a coffee after."),
            (R, "The physio said swimming would help my hip, so our Robert signed me up at {v}."),
            (R, "Cancelled {prev}, the pool was always too cold. We go to {v} now and the sauna is heavenly."),
            (R, "I'm a member at {v} these days, would you believe, at seventy-one."),
            (P, "gym: {prev} → {v} (closer to office)."),
            (P, "Joined {v}. Induction Wed 7am."),
            (P, "cancel {prev} DD. {v} membership active."),
            (P, "{v} 6:30 class, legs."),
            (S, "signed up to {v} bc the student deal is actually cheap"),
            (S, "I've switched to {v}, the old place was rammed every evening"),
            (S, "leg day at {v} absolutely destroyed me, can't walk"),
            (S, "my housemate dragged me to {v} and now I'm a member?? who am I"),
        ],
        "now": ["Which gym does the user go to now?", "What gym is the user currently a member of?",
                "Where does the user work out these days?", "Which gym is the user using at the moment?",
                "user's current gym?", "What gym does the user go to?", "Does the user still go to the same gym? Which one now?"],
        "before": ["Which gym did the user go to before?", "What was the user's previous gym?",
                   "Where did the user use to work out?"],
        "year": ["Which gym did the user go to in {year}?", "What gym was the user a member of in {year}?"],
        "other": ["{who} joined {v}.", "{who} trains at {v} now.", "{who} switched gyms to {v}.",
                  "{who} got a membership at {v}."],
        "other_q": ["Which gym does the user's {rel} go to now?", "What gym is the user's {rel} a member of currently?"],
    },
    "car": {
        "values": ["Polestar 2", "Toyota Yaris", "VW Golf", "Ford Fiesta", "Kia Niro", "Tesla Model 3", "Skoda Octavia",
                   "MG4", "Nissan Leaf", "Honda Jazz", "Mini Cooper", "Volvo XC40", "Hyundai Kona", "Renault Zoe", "Fiat 500"],
        "user": [
            (R, "Robert helped me trade in the old {prev} at last. I'm driving a {v} these days, it's got heated seats, which my back appreciates."),
            (R, "We picked up our {v} from the garage in town. It's a lovely blue, the salesman called it 'ocean'."),
            (R, "I took the {v} to the big Tesco on my own for the first time, parking sensors and all."),
            (R, "Our car is a {v} now, smaller than we're used to but much easier to park outside the doctor's."),
            (P, "car -> {v}"),
            (P, "Lease signed: {v}, 36 months."),
            (P, "sold {prev}. {v} delivered, insurance updated."),
            (P, "{v} service booked for the 14th."),
            (S, "passed my test AND bought a {v}, it's old but it goes"),
            (S, "I'm driving a {v} these days, don't ask how much the insurance is"),
            (S, "dad gave me his {v} when he upgraded, free car = best car"),
            (S, "road trip in the {v} this weekend, playlist ready"),
        ],
        "now": ["What car does the user drive now?", "What is the user's current car?",
                "Which car is the user driving these days?", "What does the user drive at the moment?",
                "user's car?", "What car does the user have?"],
        "before": ["What car did the user drive before?", "What was the user's previous car?",
                   "Which car did the user use to have?"],
        "year": ["What car did the user drive in {year}?", "Which car did the user have in {year}?"],
        "other": ["{who} bought a {v}.", "{who} is driving a {v} now.", "{who} leased a {v}.",
                  "{who} traded up to a {v}."],
        "other_q": ["What car does the user's {rel} drive now?", "What is the user's {rel}'s current car?"],
    },
    "partner": {
        "values": ["Daniel", "Chloe", "Marcus", "Imogen", "Ravi", "Sofia", "Gareth", "Niamh", "Oliver", "Freya",
                   "Callum", "Leila", "Hugo", "Esther"],
        "user": [
            (R, "Since I was widowed I've been stepping out with a gentleman called {v} from the bowls club. My sister says 'at your age!', but he makes me laugh."),
            (R, "{v} and I went to the garden centre for lunch; we've been courting since the summer fete."),
            (R, "I suppose I should tell you properly: my partner is {v} now. We're very happy."),
            (R, "My {v} fixed the gate today, what a treasure."),
            (P, "partner: {v}. dinner with their parents Sat."),
            (P, "Moved in with {v}. Split bills 50/50."),
            (P, "{prev} and I broke up. Seeing {v} now."),
            (P, "anniversary w/ {v} - book table."),
            (S, "ok so me and {v} are official now?? like actually official"),
            (S, "I've been going out with {v} for a bit, they're from my seminar group"),
            (S, "broke up with {prev} lol. {v} and I have been talking and it's going well"),
            (S, "{v} (my other half) made me try oat milk and honestly fine"),
        ],
        "now": ["Who is the user's partner now?", "Who is the user currently seeing?",
                "Who is the user going out with these days?", "What's the name of the user's partner at the moment?",
                "user's current partner?", "Who is the user's partner?"],
        "before": ["Who was the user's previous partner?", "Who was the user seeing before?",
                   "Who did the user use to go out with?"],
        "year": ["Who was the user's partner in {year}?", "Who was the user seeing in {year}?"],
        "other": ["{who} is seeing someone called {v}.", "{who} got together with {v}.",
                  "{who} has a new partner, {v}.", "{who} and {v} are an item now."],
        "other_q": ["Who is the user's {rel}'s partner now?", "Who is the user's {rel} currently seeing?"],
    },
    "food": {
        "values": ["Thai green curry", "sushi", "lasagne", "ramen", "fish and chips", "pad thai", "jollof rice",
                   "paella", "shepherd's pie", "dim sum", "pho", "tacos", "chicken tikka masala", "halloumi wraps",
                   "katsu curry"],
        "user": [
            (R, "I've gone quite mad for {v} lately. Our daughter made it at Christmas and now I ask for it every Sunday; it's become my favourite."),
            (R, "There's nothing like a plate of {v} on a cold evening, that's my favourite dish and I don't care who knows it."),
            (R, "The lady at the church lunch asked what my favourite food is and I said {v} without even thinking."),
            (R, "I used to say {prev} was my favourite, but {v} has won me over completely."),
            (P, "fav food: {v}"),
            (P, "Favourite meal these days: {v}. Find a good place near the flat."),
            (P, "{prev} → {v} as comfort food of choice."),
            (P, "Birthday dinner request: {v}, obviously."),
            (S, "{v} is my favourite food and I will not be taking questions"),
            (S, "I've been living off {v} all week, still obsessed"),
            (S, "new favourite unlocked: {v}"),
            (S, "when I'm sad I get {v}, when I'm happy I get {v}, it's my favourite"),
        ],
        "now": ["What is the user's favourite food now?", "What's the user's current favourite food?",
                "What does the user like eating most these days?", "What's the user's favourite dish at the moment?",
                "user's favourite food?", "What is the user's favourite food?"],
        "before": ["What was the user's favourite food before?", "What was the user's previous favourite dish?",
                   "What did the user use to say was their favourite food?"],
        "year": ["What was the user's favourite food in {year}?", "Which dish did the user love most in {year}?"],
        "other": ["{who}'s favourite food is {v}.", "{who} is obsessed with {v} at the moment.",
                  "{who} says {v} is the best food ever.", "{who} can't stop eating {v}."],
        "other_q": ["What is the user's {rel}'s favourite food now?", "What's the user's {rel}'s favourite dish currently?"],
    },
    "team": {
        "values": ["Arsenal", "Liverpool", "Tottenham", "Chelsea", "Everton", "Aston Villa", "Newcastle United",
                   "Celtic", "Wolves", "Brentford", "Fulham", "Crystal Palace", "Sunderland", "Leicester Tigers", "Saracens"],
        "user": [
            (R, "The grandchildren have converted me, I'm a {v} supporter now. I even watched the whole match on Saturday and shouted at the television."),
            (R, "Robert's father-in-law got us tickets to see {v}, and I've been following them ever since. Lovely lot of lads."),
            (R, "I've stopped bothering with {prev}; it's {v} I cheer for these days."),
            (R, "Knitted a scarf in {v} colours for the season, I'm ever so proud of it."),
            (P, "team: {v}. season ticket renewal Jul."),
            (P, "Following {v} now (work sweepstake got me hooked)."),
            (P, "switched allegiance {prev} -> {v}. don't tell dad."),
            (P, "{v} match Sat 3pm - block calendar."),
            (S, "I support {v} now, my flatmates are a bad influence"),
            (S, "{v} won and I screamed so loud the neighbours knocked"),
            (S, "bought a {v} shirt, I'm committed"),
            (S, "I've become a {v} fan somehow, it just happened"),
        ],
        "now": ["Which team does the user support now?", "What team is the user currently following?",
                "Who does the user cheer for these days?", "Which team does the user support at the moment?",
                "user's team?", "Which sports team does the user support?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "Which was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "Who did the user cheer for in {year}?"],
        "other": ["{who} supports {v}.", "{who} has become a {v} fan.", "{who} got a season ticket for {v}.",
                  "{who} follows {v} now."],
        "other_q": ["Which team does the user's {rel} support now?", "What team is the user's {rel} following currently?"],
    },
    "course": {
        "values": ["pottery", "conversational Spanish", "life drawing", "Python for beginners", "salsa dancing",
                   "creative writing", "Italian cooking", "watercolour painting", "beginner's Japanese", "photography",
                   "bookkeeping", "first aid", "British Sign Language", "music theory"],
        "user": [
            (R, "I've enrolled in a {v} class at the community centre on Wednesday afternoons. The teacher is half my age and twice as patient."),
            (R, "Finished the {prev} course, certificate and all. This term I'm doing {v}, which our Robert thinks is hilarious."),
            (R, "My {v} class had a little show-and-tell today and I wasn't the worst!"),
            (R, "Signed up for {v} at the U3A, we meet in the library."),
            (P, "course: {v}, Tue evenings, 10 wks."),
            (P, "Enrolled in {v} (work L&D budget)."),
            (P, "{prev} done. Next: {v}."),
            (P, "{v} homework due Thu."),
            (S, "I'm taking {v} as my elective this term, pray for me"),
            (S, "{v} class is lowkey the best part of my week"),
            (S, "dropped {prev}, swapped into {v} instead"),
            (S, "My {v} tutor said my work has improved, which is nice to hear."),
        ],
        "now": ["What class is the user taking now?", "Which course is the user currently doing?",
                "What course does the user take these days?", "What class is the user enrolled in at the moment?",
                "user's current course?", "What class does the user take?"],
        "before": ["What class did the user take before?", "Which course was the user doing previously?",
                   "What course did the user use to attend?"],
        "year": ["What class was the user taking in {year}?", "Which course did the user do in {year}?"],
        "other": ["{who} is taking a {v} class.", "{who} signed up for {v}.", "{who} enrolled in {v}.",
                  "{who} started a {v} course."],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} currently doing?"],
    },
    "streaming": {
        "values": ["Spotify", "Apple Music", "Tidal", "Deezer", "YouTube Music", "Amazon Music Unlimited", "Qobuz",
                   "SoundCloud Go+", "Napster", "BBC Sounds", "Idagio", "Bandcamp"],
        "user": [
            (R, "My grandson put {v} on the kitchen speaker so I can ask for Perry Como while I bake. It's like having the wireless that knows what you want."),
            (R, "We've cancelled {prev}, too fiddly. {v} is much simpler for us old folk."),
            (R, "I listen to all my hymns on {v} now, the choir ones sound lovely."),
            (R, "Robert says I'm paying for {v} each month, so I'd better use it."),
            (P, "music: {prev} → {v} (family plan)."),
            (P, "Switched streaming to {v}. Export playlists."),
            (P, "{v} subscription renewed, annual."),
            (P, "music app = {v}"),
            (S, "moved all my playlists to {v}, the student discount is too good"),
            (S, "I've been on {v} since the free trial and never left"),
            (S, "my {v} wrapped is going to be so embarrassing"),
            (S, "cancelled {prev}, using {v} now bc it has the remixes"),
        ],
        "now": ["Which music streaming service does the user use now?", "What music app is the user currently using?",
                "Which service does the user stream music on these days?", "What does the user use for music at the moment?",
                "user's current music streaming service?", "Which music streaming service does the user use?"],
        "before": ["Which music streaming service did the user use before?", "What music app did the user use to have?",
                   "What was the user's previous music service?"],
        "year": ["Which music streaming service did the user use in {year}?", "What did the user stream music on in {year}?"],
        "other": ["{who} uses {v} for music.", "{who} switched to {v}.", "{who} signed up to {v}.",
                  "{who} streams everything on {v} now."],
        "other_q": ["Which music streaming service does the user's {rel} use now?", "What music app is the user's {rel} currently using?"],
    },
    "bank": {
        "values": ["Monzo", "Starling", "Nationwide", "Barclays", "HSBC", "Lloyds", "NatWest", "Santander", "Halifax",
                   "Revolut", "Chase UK", "First Direct", "Co-operative Bank", "TSB"],
        "user": [
            (R, "The branch in town closed, so we've moved our accounts to {v}. The young man in the branch spent an hour showing me the app."),
            (R, "After forty years with {prev} I've switched to {v}. They gave us a hundred pounds for it, too."),
            (R, "My pension goes into {v} now, Robert sorted all the paperwork."),
            (R, "Rang {v} about a strange letter; it was nothing, but they were very polite."),
            (P, "bank: {prev} → {v}. switch service, 7 days."),
            (P, "Current account now {v}. Update payroll details."),
            (P, "{v} app: set up savings pots."),
            (P, "main account moved to {v}."),
            (S, "opened a {v} account bc they do the student overdraft"),
            (S, "I bank with {v} now, the app tells me off when I buy coffee"),
            (S, "switched from {prev} to {v}, free railcard obviously"),
            (S, "my {v} card got declined at the pub, mortifying"),
        ],
        "now": ["Which bank does the user use now?", "Who does the user currently bank with?",
                "Which bank is the user with these days?", "What bank is the user's main account with at the moment?",
                "user's bank?", "Who does the user bank with?"],
        "before": ["Which bank did the user use before?", "Who did the user bank with previously?",
                   "What bank did the user use to have?"],
        "year": ["Which bank did the user use in {year}?", "Who did the user bank with in {year}?"],
        "other": ["{who} moved their account to {v}.", "{who} banks with {v} now.", "{who} opened an account at {v}.",
                  "{who} switched to {v}."],
        "other_q": ["Which bank does the user's {rel} use now?", "Who does the user's {rel} bank with currently?"],
    },
}

PEOPLE = {
    R: [("daughter", "Priya"), ("neighbour", "Ken"), ("grandson", "Alfie"), ("sister", "Joan"), ("son", "Robert")],
    P: [("colleague", "Dev"), ("manager", "Sarah"), ("brother", "Luke"), ("friend", "Kofi"), ("mother", "Ruth")],
    S: [("flatmate", "Jess"), ("best friend", "Mei"), ("cousin", "Rory"), ("lab partner", "Beth"), ("sister", "Amara")],
}
WHO = ["my {rel} {name}", "{name} (my {rel})", "our {name}", "my {rel}"]

# --- filler ------------------------------------------------------------------

FILLER_COMMON = [
    "Rained all day, so I stayed in with a book.", "Bought a new umbrella after the old one turned inside out.",
    "The boiler made that clanking noise again.", "Need to renew the TV licence before the end of the month.",
    "Picked up the prescription from the chemist.", "Hoovered the whole house and it still looks dusty.",
    "The bin men didn't come this week.", "Found a tenner in my winter coat pocket.",
    "Fog so thick this morning you couldn't see the end of the road.", "Made soup with the leftover veg.",
    "The postman left a parcel with next door again.", "Tried a new recipe for flapjacks, too crumbly.",
    "The washing machine is leaking from somewhere underneath.", "Sunny for once, sat outside with a coffee.",
    "Booked the dentist for a check-up.", "The smoke alarm battery started chirping at 3am.",
    "Read half a crime novel in one sitting.", "The hedge needs cutting before it eats the path.",
    "Watched a documentary about octopuses, fascinating creatures.", "Frost on the car windscreen this morning.",
    "Ordered new curtains for the back bedroom.", "The broadband dropped out twice tonight.",
    "Had a long bath and an early night.", "Sorted the recycling into the right boxes, finally.",
    "Bought too many apples at the market.", "The tomatoes in the greenhouse are finally turning red.",
    "Couldn't sleep, listened to the rain.", "Paid the water bill.", "Cleaned out the fridge, grim.",
    "The clocks went back and I'm all out of sorts.", "Spotted a fox in the garden at dusk.",
    "Finished a thousand-piece jigsaw.", "Repotted the spider plant.", "Windy enough to knock the fence panel loose.",
    "Forgot my reusable bag at the supermarket again.", "Someone's car alarm went off for an hour.",
    "Made a list of Christmas presents.", "Hot chocolate with marshmallows, no regrets.",
    "The kettle is furred up, need descaler.", "Tidied the junk drawer and found three spare keys.",
    "Heatwave today, the house is like an oven.", "Went for a long walk along the river.",
    "Bought stamps and posted the birthday cards.", "The light in the hallway has blown.",
    "Snow forecast, but it was just sleet.", "Defrosted the freezer.", "A robin has been visiting the bird feeder.",
    "Had a headache most of the afternoon.", "Feeling quite content today.", "Feeling a bit low, nothing in particular.",
    "Overslept and rushed everything.", "The library book is overdue.", "Tried meditation for ten minutes.",
    "Gave the old coats to the charity shop.", "Plumber coming Thursday between eight and twelve.",
    "Pancakes for breakfast, a rare treat.", "Watched the sunset from the bedroom window.",
    "Lost a sock in the wash, as ever.", "The roadworks on the high street are still going.",
    "Wrote a thank-you note to the neighbours for the flowers.", "Bought a new duvet, much warmer.",
    "Can't find the remote control anywhere.", "The cat from three doors down sat on our wall all morning.",
]
FILLER_PERSONA = {
    R: [
        "Our Priya's little one has started nursery and apparently cried for about two minutes before finding the sand pit. I had a little weep myself when she sent the photo.",
        "Went to the Women's Institute meeting tonight. The talk was on the history of the local canal, which was more interesting than it sounds, and the Victoria sponge was excellent.",
        "My knee is playing up again so Ken next door has done the shopping this week. Mustn't grumble, it gets me moving.",
        "Our Robert rang from abroad; the line was terrible but it was lovely to hear his voice.",
        "Knitted two more squares for the blanket I'm making for the church raffle.",
        "The church roof appeal has reached its target, the vicar was beside himself.",
        "Had my flu jab today, arm's a bit sore but otherwise fine.",
        "Spent the morning sorting through old photographs; found one of my mother at the seaside in 1952.",
        "Joan and I had a cream tea at the garden centre and talked for three hours straight.",
        "The grandchildren came for Sunday lunch and the house felt full and noisy in the best way.",
        "Received a lovely card from my old schoolfriend Margaret, she's eighty next month.",
        "My hearing aid batteries ran out in the middle of the sermon, which was possibly a mercy.",
        "I've started writing down my recipes for the family, so they don't get lost when I'm gone.",
        "Fell asleep in my chair during the quiz show again, the cat snoring beside me.",
        "Bought some bulbs for the spring, daffodils and a few tulips for the front.",
        "The bowls club had its annual dinner; I won the raffle, a bottle of sherry.",
        "I do worry about our Alfie driving on the motorway at night, but he says I fuss too much.",
        "We had a power cut for three hours and played cards by candlelight, it was quite romantic.",
        "The optician says my eyes have changed, so it's new glasses again.",
        "I've been sleeping badly; the doctor says it's normal at my age, which isn't much comfort.",
        "Made a big batch of marmalade, enough to give a jar to everyone on the street.",
        "Ken next door helped me carry the new armchair in, what a gentleman.",
        "Watched the old film with Cary Grant this afternoon and cried at the end, as always.",
        "My sister Joan's hip operation went well, she's home and already bossing everyone about.",
        "The village fete was rained off, so we all crowded into the hall and ate the cakes anyway.",
    ],
    P: [
        "Q3 review prep: deck draft by Wed.", "Standup ran 40 min. Push for async updates.",
        "Dentist 14:30 Thu.", "TODO: renew passport (expires Mar).", "Expenses submitted.",
        "1:1 notes: ask about promotion timeline.", "Inbox zero. Won't last.", "Flight LHR 07:15 Mon, check in tonight.",
        "Laptop battery swelling - raise IT ticket.", "Read: 'Deep Work', ch 4-6.", "Book haircut.",
        "Pension: check contribution %.", "Offsite agenda - circulate by Fri.", "Pay credit card in full.",
        "Reminder: mum's birthday 12th, order flowers.", "Slept 5h. Caffeine strategy required.",
        "Tax return: gather P60.", "Call with recruiters - decline politely.", "Meal prep Sunday: chicken, rice, greens.",
        "Noise-cancelling headphones died. Replace.", "Quarterly goals: 2 of 3 on track.",
        "Budget: eating out over by 40.", "Renew home insurance - compare quotes.", "Board meeting moved to 10am.",
        "Ran 5k, 27:40.",
    ],
    S: [
        "essay due friday and I have written exactly zero words", "the library was so full I sat on the floor",
        "fire alarm went off at 2am in halls AGAIN", "someone stole my oat milk from the fridge, I will find you",
        "Spent my whole loan instalment on textbooks, apparently that's normal.", "8am lectures should be illegal",
        "made pasta for the fourth night in a row, chef's kiss", "group project meeting where nobody did anything",
        "went to a house party and left at 11, getting old", "my seminar leader called on me and I blanked",
        "I finally understand integration by parts, small victories.", "mum sent a care package with biscuits!!",
        "pulled an all-nighter and regret everything", "the bus driver waited for me, faith in humanity restored",
        "exam timetable is out and it's cursed", "bought a plant for my room, named it Gerald",
        "laundry day, found a fiver, rich", "skipped the lecture, watched the recording at 2x speed",
        "Dissertation supervisor meeting went better than expected.", "the kebab shop guy knows my order now, is that bad",
        "society social tonight, fancy dress theme is 'decades'", "cried at a tiktok about a duck, normal day",
        "my flat's heating is broken and it's freezing", "reading week = sleeping week", "got a 2:1 on my coursework!!",
    ],
}
# Filler that uses slot words without stating a value.
SLOT_FILLER_COMMON = [
    "Traffic on the way to work was dreadful.", "The gym showers are cold again.", "Phone battery died by lunchtime.",
    "The car needs an MOT next month.", "The dog rolled in something foul at the park.", "My partner cooked tonight, a real treat.",
    "The match ended nil-nil, what a bore.", "Class was cancelled this week, the tutor is ill.",
    "The bank app logged me out three times today.", "Shuffle keeps playing the same song on my playlist.",
    "Still have moving boxes in the hallway from ages ago.", "Work has been manic all week.",
    "Cracked the corner of the phone case.", "Dog hair all over the sofa again.", "The gym was packed at six.",
    "The car's tyre pressure light came on.", "Ate far too much at dinner, need to stop.",
    "Couldn't find a parking space near the house.", "The team lost again, I can't bear it.",
    "Homework for class took longer than expected.", "Got a letter from the bank about new terms and conditions.",
    "The headphones keep disconnecting from the music app.", "The neighbours in this city are louder than I expected.",
    "My partner and I argued about whose turn it was to do the dishes.", "The dog needs a bath, badly.",
    "Forgot my gym bag at home.", "Work laptop froze during a call.", "Phone storage full, deleted old photos.",
    "Car smelled of wet dog after the beach.", "Watched the highlights of the game over breakfast.",
    "Cooked my favourite dinner and burnt it.", "The rent is going up in the spring.",
    "Left my phone charger at work.", "Vet bill was eye-watering.", "The gym changed its opening hours.",
]
SLOT_FILLER_PERSONA = {
    R: ["The dog pinched a sausage off my plate while I was looking at the paper.",
        "I do find the bank's new letters hard to read, the print is so small.",
        "The phone rang during the quiz and I couldn't work out how to silence it."],
    P: ["commute: 55 min, signal failure.", "gym: skipped. again.", "car: washer fluid low.", "phone: update OS tonight."],
    S: ["the gym is full of guys filming themselves, can't even use the bench",
        "my phone screen has a crack right across the middle now", "class group chat is pure chaos"],
}
# Filler naming the dog or partner of the time (a value, but stating nothing about the slot).
DYNAMIC_FILLER = {
    "dog": ["{v} chewed the sofa cushion.", "{v} barked at the postman for ten minutes.",
            "Found {v} asleep in the laundry basket."],
    "partner": ["{v} made pancakes this morning.", "Watched a film with {v}, fell asleep halfway.",
                "{v} is away for work until Thursday."],
}
TAILS = {
    R: ["", " Mustn't grumble.", " Such is life.", " Lovely.", " Ever so tiring.", " Joan sends her love.", " Bless."],
    P: ["", " Noted.", " Follow up.", " (low priority)", " Fine.", " Meh.", " TBC."],
    S: ["", " lol", " ngl", " fr", " help", " classic", " ugh"],
}
OPENERS = {
    R: ["Spent the morning", "This afternoon I was", "Joan and I were", "After church I was", "Passed a happy hour",
        "Joan came round and we were", "Most of the day I was"],
    P: ["Sat a.m.:", "Evening:", "Lunch break:", "Sun:", "Blocked 1h for", "Done:", "Tonight:"],
    S: ["spent all night", "been", "ended up", "wasted the afternoon", "me and the flat were", "procrastinated by",
        "rewarded myself by"],
}
ACTIVITIES = [
    "baking scones", "sorting the loft", "writing Christmas cards", "doing the crossword", "weeding the borders",
    "ironing shirts", "painting the fence", "fixing the dripping tap", "reading in the garden", "making chutney",
    "watching old sitcoms", "clearing out the shed", "planning a trip to the coast", "writing letters",
    "listening to a podcast", "learning chess openings", "organising the bookshelf", "batch cooking",
    "watching a cooking show", "cleaning the windows", "re-grouting the bathroom", "building flat-pack furniture",
    "doing a yoga video", "playing video games", "rewatching a box set", "tidying my desk", "journaling",
    "baking banana bread", "sewing on buttons", "looking at holiday photos",
]
ENDINGS = {
    R: ["", ", and it was lovely", " while the rain came down", " with the radio on", ", which did me good",
        " until my back complained"],
    P: ["", " (done)", ", 90 min", ", productive", " - finally", ", skipped notifications"],
    S: ["", " and honestly vibes", " instead of studying", " till 3am", " and no regrets", " with snacks"],
}


def _when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    seconds = int((hi - lo).total_seconds())
    return (lo + timedelta(seconds=rng.randrange(max(seconds, 1)))).replace(second=0)


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _chain(rng: random.Random, values: list[str], changes: int, start: datetime, now: datetime) -> list[tuple[str, datetime]]:
    """The first value stated in the first months of the span (its first year), each change in a
    different month of the following year, before `now`."""
    first_hi = min(datetime(start.year, 12, 15, tzinfo=timezone.utc), now - timedelta(days=300))
    first = _when(rng, start + timedelta(days=2), max(first_hi, start + timedelta(days=30)))
    year = start.year + 1
    last_month = now.month - 1 if now.year == year else 12
    months = sorted(rng.sample(range(1, max(last_month, changes) + 1), changes))
    dates = [first] + [_when(rng, datetime(year, m, 2, 8, tzinfo=timezone.utc),
                             datetime(year, m, 27, 21, tzinfo=timezone.utc)) for m in months]
    return list(zip(values, dates[:len(values)]))


def _kind(question: str, year: int) -> str:
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("at the moment", "at the moment"), ("still", "still"),
                       ("used to", "used to"), ("use to", "used to"), ("before", "before"),
                       ("previous", "before"), (str(year), f"in {year}")):
        if word in q:
            return kind
    return "plain"


def _span():
    """START/NOW of the bench (importable once main() or the bench has put bench/ on sys.path)."""
    try:
        import knowledge_updates as ku
        return ku.START, ku.NOW
    except ImportError:
        return datetime(2024, 9, 1, tzinfo=timezone.utc), datetime(2025, 10, 1, 9, 0, tzinfo=timezone.utc)


def generate(size: int, user: int, seed: int = 0) -> dict:
    """One simulated user's store and questions, deterministic in (size, user, seed)."""
    start, now = _span()
    year = start.year
    rng = random.Random(f"blind8-ku/{seed}/{user}")
    persona = PERSONAS[user % 3]
    memories: list[dict] = []
    seen: set[str] = set()

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        seen.add(content)
        memories.append({"content": content, "created": _iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    user_chains: dict[str, list[tuple[str, datetime]]] = {}
    for slot in sorted(SLOTS):
        spec = SLOTS[slot]
        templates = [t for p, t in spec["user"] if p == persona]
        values = rng.sample(spec["values"], 4)
        chain = _chain(rng, values, rng.choice((2, 3)), start, now)
        user_chains[slot] = chain
        for index, (value, when) in enumerate(chain):
            pool = templates if index else [t for t in templates if "{prev}" not in t]
            text = rng.choice(pool).format(v=value, prev=chain[index - 1][0] if index else "")
            while text in seen:  # (values differ within a chain, so this should not happen)
                text += " Again."
            add(text, when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(spec["now"], 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(spec["year"]).format(year=year), "subject": "user", "slot": slot,
                          "tense": "before", "gold": 0, "values": chain_values})
    for rel, name in rng.sample(PEOPLE[persona], 4):
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            used = {v for v, _ in user_chains[slot]}
            pool = [v for v in spec["values"] if v not in used]
            chain = _chain(rng, rng.sample(pool, 3), rng.choice((1, 2)), start, now)
            for index, (value, when) in enumerate(chain):
                who = rng.choice(WHO).format(rel=rel, name=name)
                text = rng.choice(spec["other"]).format(who=who, v=value)
                text = text[0].upper() + text[1:]
                while text in seen:
                    text = text + " Apparently."
                add(text, when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel, "slot": slot,
                              "tense": "now", "gold": len(chain) - 1, "values": [v for v, _ in chain]})
    # filler naming the dog / partner of the time: a few lines, if there is room
    for slot, templates in DYNAMIC_FILLER.items():
        chain = user_chains[slot]
        for template in templates:
            if len(memories) >= size:
                break
            index = rng.randrange(len(chain))
            lo = chain[index][1] + timedelta(days=1)
            hi = chain[index + 1][1] - timedelta(days=1) if index + 1 < len(chain) else now - timedelta(days=1)
            if hi <= lo:
                continue
            text = template.format(v=chain[index][0])
            if text not in seen:
                add(text, _when(rng, lo, hi))
    lines = FILLER_COMMON + FILLER_PERSONA[persona] + SLOT_FILLER_COMMON + SLOT_FILLER_PERSONA[persona]
    attempts = 0
    while len(memories) < size and attempts < size * 30:
        attempts += 1
        if rng.random() < 0.45:
            text = rng.choice(lines)
            tail = rng.choice(TAILS[persona])
            text = text + tail
        else:
            text = f"{rng.choice(OPENERS[persona])} {rng.choice(ACTIVITIES)}{rng.choice(ENDINGS[persona])}."
            if persona == R and rng.random() < 0.5:  # long, chatty messages
                text += " " + rng.choice(FILLER_COMMON + FILLER_PERSONA[R])
            elif persona == S:
                text = text[0].lower() + text[1:]
        if text not in seen:
            add(text, _when(rng, start, now - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = _kind(q["question"], year)
    return {"split": "blind8", "user": user, "seed": seed, "now": _iso(now), "memories": memories,
            "questions": questions}


def self_check() -> None:
    for slot, spec in SLOTS.items():
        assert 12 <= len(spec["values"]) <= 16, slot
        assert len(spec["user"]) >= 10, slot
        assert all(sum(p == q for p, _ in spec["user"]) >= 3 for q in PERSONAS), slot
        assert all(sum("{prev}" not in t for p, t in spec["user"] if p == q) >= 1 for q in PERSONAS), slot
        assert len(spec["now"]) >= 6 and len(spec["before"]) >= 3 and len(spec["year"]) >= 2, slot
        assert all("{year}" in q for q in spec["year"]), slot
        assert len(spec["other_q"]) >= 2, slot
