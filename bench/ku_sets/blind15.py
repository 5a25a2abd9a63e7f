"""Knowledge-update set blind15: a university student's lower-case chat.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.157 / 0.229.
Read: its misses were looked at, and it is training data of the learned slot reading
(bench/slot_model.py) since then.

    python3 bench/knowledge_updates.py --split blind15 --mode library

The author's own description:

Knowledge-update benchmark set "blind15".

Persona: a 20-year-old UK university student who texts the assistant in lower-case
gen-z chat (ngl, tbh, lowkey, rn, emojis, barely any punctuation, brands in lower case).
Facts about the student (and four people around them) change over an academic year;
questions ask for the current value, the previous one, and the 2024 one.

Standard library only. Deterministic in (size, user, seed).
"""

import random
import re
from collections import Counter
from datetime import datetime, timedelta, timezone

SPLIT = "blind15"
NOW = "2025-10-01T09:00:00+00:00"

UTC = timezone.utc
T_START = datetime(2024, 9, 1, 0, 0, 0, tzinfo=UTC)
T_END = datetime(2025, 9, 30, 23, 59, 59, tzinfo=UTC)


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------------------
# world data
# ---------------------------------------------------------------------------

CITIES = {
    "leeds": ("leeds uni", ["Brudenell Road", "Hyde Park Road", "Ash Grove", "Harold Terrace",
                            "Manor Drive", "Cardigan Road", "Royal Park Avenue", "Headingley Mount"],
              ["lupton", "charles morris", "devonshire hall", "sentinel towers"]),
    "manchester": ("manchester uni", ["Ladybarn Lane", "Mauldeth Road", "Moseley Road", "Ducie Grove",
                                      "Parsonage Road", "Egerton Road", "Heald Place", "Old Hall Lane"],
                   ["owens park", "whitworth park", "richmond park", "oak house"]),
    "sheffield": ("sheff uni", ["Harcourt Road", "Crookesmoor Road", "Ecclesall Road", "Sharrow Vale Road",
                                "Northumberland Road", "Headford Street", "Mona Avenue", "Broomhall Street"],
                  ["endcliffe", "ranmoor", "allen court", "the edge"]),
    "bristol": ("bristol uni", ["Gloucester Road", "Cotham Brow", "Chesterfield Road", "Berkeley Road",
                                "Zetland Road", "Redland Grove", "Cromwell Road", "Aberdeen Road"],
                ["goldney", "wills hall", "churchill hall", "orchard heights"]),
    "nottingham": ("uon", ["Lenton Boulevard", "Ortzen Street", "Ednaston Road", "Harlaxton Drive",
                           "Rothesay Avenue", "Faraday Road", "Cavendish Street", "Johnson Road"],
                   ["cripps", "broadgate park", "hugh stewart", "nightingale"]),
    "cardiff": ("cardiff uni", ["Cathays Terrace", "Woodville Road", "Rhymney Street", "Miskin Street",
                                "Colum Road", "Crwys Road", "Cyfartha Street", "Wyeverne Road"],
                ["talybont", "senghennydd", "cartwright court", "aberdare hall"]),
    "glasgow": ("glasgow uni", ["Great George Street", "Otago Street", "Hyndland Road", "Woodlands Road",
                                "Gibson Street", "Cecil Street", "Kersland Street", "Lawrence Street"],
                ["murano street", "cairncross house", "queen margaret", "kelvinhaugh"]),
    "newcastle": ("ncl uni", ["Osborne Road", "Tavistock Road", "Sunbury Avenue", "Heaton Road",
                              "Chillingham Road", "Simonside Terrace", "Warwick Street", "Stratford Grove"],
                  ["castle leazes", "park view", "marris house", "richardson road"]),
}

HOMETOWNS = ["stockport", "swindon", "reading", "peterborough", "milton keynes", "warrington", "norwich",
             "basingstoke", "bolton", "luton", "derby", "stevenage", "doncaster", "ipswich",
             "wolverhampton", "crawley", "chelmsford", "northampton"]

OTHER_CITIES = ["London", "Manchester", "Birmingham", "Bristol", "Brighton", "Edinburgh", "Liverpool",
                "Glasgow", "Leeds", "Cardiff", "York", "Oxford", "Nottingham", "Bath", "Norwich", "Exeter",
                "Sheffield", "Newcastle"]

NAMES = ["Jayden", "Priya", "Callum", "Maya", "Ollie", "Aisha", "Finn", "Leah", "Kai", "Tyler", "Amara",
         "Reece", "Jess", "Theo", "Nia", "Ellis", "Zak", "Chloe", "Harvey", "Isla", "Rohan", "Megan",
         "Dylan", "Marcus", "Ruby", "Kieran", "Hana", "Josh", "Freya", "Liam", "Tasha", "Erin", "Sami",
         "Molly", "Elliot", "Aaron", "Connor", "Yasmin", "Noah", "Poppy", "Ryan", "Imogen", "Luca",
         "Jamal", "Evie", "Oscar", "Layla", "Joel", "Niamh", "Kofi", "Hollie", "Arjun", "Caitlin",
         "Bea", "Rhys", "Zainab", "Alfie", "Ffion", "Dev", "Orla"]

SISTER_NAMES = ["Hannah", "Becky", "Charlotte", "Emily", "Katie", "Georgia", "Rachel", "Abbie",
                "Jasmine", "Naomi", "Lucy", "Amelia"]

STUDENT_JOBS = ["Greggs", "Pret", "Tesco Express", "the SU bar", "Waterstones", "Five Guys", "Boots",
                "Costa", "Sainsbury's", "Zara", "Primark", "JD Sports", "Wetherspoons", "Caffè Nero",
                "the uni library", "Subway", "H&M", "GAIL's", "Urban Outfitters", "Sports Direct",
                "Superdrug", "Hotel Chocolat"]

GRAD_JOBS = ["Deloitte", "the BBC", "PwC", "Accenture", "ASOS", "Jaguar Land Rover", "Ocado",
             "the council", "Rightmove", "Unilever", "KPMG", "Channel 4", "Dyson", "Arup", "Capita"]

COURSES = ["Biomedical Science", "Psychology", "Criminology", "Economics", "Computer Science",
           "English Literature", "Sports Science", "Business Management", "Law", "Mechanical Engineering",
           "History", "Marketing", "Pharmacology", "Geography", "Sociology", "Chemistry"]

PHONES = ["iPhone 11", "iPhone 12 mini", "iPhone 13", "iPhone 14 Pro", "iPhone 15", "iPhone 16",
          "Galaxy S23", "Galaxy A54", "Galaxy Z Flip 5", "Pixel 7a", "Pixel 8", "Nothing Phone 2",
          "OnePlus 12", "Motorola Razr"]

GYMS = ["PureGym", "The Gym Group", "Anytime Fitness", "JD Gyms", "Better Gym", "Snap Fitness",
        "Nuffield Health", "David Lloyd", "the uni sports centre", "Gymbox", "Everlast Gyms", "Fitness First"]

TAKEAWAYS = ["Wingstop", "Domino's", "KFC", "Taco Bell", "Chopstix", "German Doner Kebab", "Papa John's",
             "Nando's", "Popeyes", "McDonald's", "Pizza Hut", "Burger King", "Wagamama", "Tortilla"]

GAMES = ["Valorant", "Stardew Valley", "Minecraft", "Baldur's Gate 3", "EA FC 25", "Fortnite",
         "League of Legends", "Animal Crossing", "Hades II", "Balatro", "Elden Ring", "Marvel Rivals",
         "Rocket League", "The Sims 4", "Overwatch 2", "Hollow Knight", "Apex Legends"]

BANKS = ["Monzo", "Starling", "Revolut", "Santander", "Lloyds", "Nationwide", "HSBC", "Chase",
         "Barclays", "NatWest", "Halifax", "TSB"]

RIDES = ["Carrera bike", "Boardman bike", "Xiaomi scooter", "Ninebot scooter", "Brompton", "Raleigh bike",
         "Pure Air scooter", "Dawes bike", "Trek bike", "Pinnacle bike", "Claud Butler bike"]

CARS = ["Fiat 500", "Mini Cooper", "Ford Fiesta", "VW Polo", "Toyota Yaris", "Kia Picanto",
        "Vauxhall Corsa", "Tesla Model 3", "Nissan Juke", "Honda Jazz", "Peugeot 208", "Hyundai i10"]


# ---------------------------------------------------------------------------
# the user's slots: statement templates and questions
# {v} new value, {old} previous value; extra: {city} {uni} {flatmate} {friend} {hometown}
# ---------------------------------------------------------------------------

USER_SLOTS = {
    "home": dict(
        pool=None, maxlen=4,
        init=[
            "moved into the new house on {v} today 📦 five of us and one bathroom, pray for me",
            "our house on {v} has an actual garden which is lowkey a flex for {city} student housing",
            "ok the {v} house is nice?? the landlord even left a welcome card, suspicious tbh",
            "if anything needs posting to me send it to the {v} house not my mums in {hometown}",
            "walked back from the club to {v} at 3am and honestly {city} at night is so pretty",
            "living on {v} this year with the people from first year halls, already chaos",
            "finally got the wifi working at our place on {v}, 9 days without internet was a human rights violation",
            "the house on {v} is a 20 min walk to campus which is fine until it rains. which is always",
            "unpacking in my room on {v} and i've already lost my charger",
            "picked up the keys for {v} today, it's officially our house til june 🔑",
            "ngl my room on {v} gets the best light in the afternoon, plant mum era incoming",
        ],
        change=[
            "moving out of {old} this weekend 😭 new place is on {v}, closer to campus at least",
            "officially left {old}. the mould won. we're on {v} now",
            "first night at the {v} house and the neighbours are already blasting dnb",
            "anyway new address is {v}, update whatever you need to lol",
            "landlord at {old} kept half our deposit for a 'stain' so glad we're out. {v} landlord seems sound so far",
            "the {v} house is so much warmer than {old} ever was, i can feel my toes again",
            "ngl i miss {old} a bit but the {v} place has a dishwasher so. priorities",
            "carried a mattress down {v} at 11pm, moving day is finally over 💀",
            "lease on {old} ended so i'm on {v} now, the room is tiny but it's mine",
            "spent all day deep cleaning {old} for the checkout inspection then passed out in my new room on {v}",
            "my walk to the library is like 5 mins since we moved to {v} 🙏",
            "the move to {v} is done, {flatmate} carried boxes in exchange for a meal deal",
        ],
        now_q=["Where does the user live now?", "What street is the user's student house on these days?",
               "Where is the user currently living?", "What road does the user live on?",
               "Where is the user's house in {city}?"],
        before_q=["Where did the user live before their latest move?", "What street did the user use to live on?",
                  "What was the user's previous address?"],
        y2024_q=["Where was the user living in 2024?", "Which street was the user's house on in autumn 2024?"],
    ),
    "job": dict(
        pool=STUDENT_JOBS, maxlen=4,
        init=[
            "got the job at {v}!!! part time, like 12 hours a week but it's money",
            "first shift at {v} tmrw and i'm already sweating",
            "work at {v} was so dead tonight i reorganised the same shelf four times",
            "my {v} uniform is genuinely so unflattering 😭",
            "doing weekends at {v} to pay rent, rip my social life",
            "the manager at {v} said i'm a natural?? me???",
            "cant come out friday i'm on a close at {v} til 11",
            "rent paid thanks to my {v} wages 🫡 finally feel like an adult",
            "ugh stats ran over, then straight to {v} for a 5-9, then {friend}'s pres. no rest for the wicked",
            "my part time job is at {v} btw if anyone asks why i'm always tired",
            "interview at {v} went well and they offered it on the spot, i start monday",
        ],
        change=[
            "handed in my notice at {old} 🫡 starting at {v} next week",
            "quit {old}. no further questions. anyway {v} hired me lol",
            "first shift at {v} done and ngl it's way less stressful than {old}",
            "new job!! {v}!! bye forever {old}",
            "the {v} rota just came out and i've got 3 shifts, already more hours than {old} ever gave me",
            "left {old} bc the manager was a nightmare, working at {v} instead",
            "my {v} name badge spelt my name wrong on day one lmao",
            "{v} pays 50p more an hour than {old} did and i feel rich",
            "on my break at {v} rn eating a squashed meal deal, this is my life",
            "last day at {old} was emotional ngl. {v} induction is tmrw",
            "ok so i'm not at {old} anymore, got a job at {v}, everyone there is a student too",
            "what a week: essay submitted, {flatmate}'s birthday, and my first ever shift at {v}. sleeping for 12 hours",
        ],
        now_q=["Where does the user work now?", "Where is the user's part-time job?",
               "Who employs the user these days?", "Where is the user currently working part-time?",
               "What's the user's job at the moment?"],
        before_q=["Which part-time job did the user have previously?", "Where did the user use to work?",
                  "Where did the user work before their latest job?"],
        y2024_q=["Where did the user work in 2024?", "What was the user's part-time job in autumn 2024?"],
    ),
    "course": dict(
        pool=COURSES, maxlen=2,
        init=[
            "second year of {v} and i already want to drop out lol jk. unless",
            "{v} timetable this sem is criminal, 9am every single day",
            "why did i pick {v} i cant even do the stats bit",
            "reading week?? in {v}?? never heard of her",
            "the {v} group chat is just people panicking about the first essay",
            "my {v} lecturer said 'this will be on the exam' and the whole room gasped",
            "doing {v} at {uni}, ask me anything except the content",
            "{v} modules this year actually look interesting for once",
            "my degree is {v} and my nan still tells everyone i'm training to be a doctor",
            "library til 10pm for a {v} essay, slay i guess",
        ],
        change=[
            "it's official i've transferred from {old} to {v} 😭 best decision ever",
            "dropped {old}. doing {v} from this semester, new timetable who dis",
            "first {v} lecture today and i understood everything?? who am i",
            "my personal tutor signed the form so i'm on {v} now, bye {old}",
            "told my parents i'm switching to {v}, mum cried, dad asked about job prospects",
            "ngl {old} was never for me. {v} just makes sense",
            "the {v} cohort is so much nicer than the {old} lot",
            "course change approved!!! {v} here i come",
            "catching up on all the {v} content i missed bc i only switched last month is pain",
            "student finance said my loan carries over fine so {v} it is",
            "{old} is behind me, the {v} reading list is huge tho",
        ],
        now_q=["What degree is the user studying now?", "What course is the user doing?",
               "What is the user currently studying at uni?", "Which degree programme is the user on these days?"],
        before_q=["What course was the user on before switching?", "What degree did the user use to study?",
                  "What was the user's previous course?"],
        y2024_q=["What was the user studying in 2024?", "Which degree was the user enrolled on in 2024?"],
    ),
    "phone": dict(
        pool=PHONES, maxlen=3,
        init=[
            "my {v} screen has a crack right across the middle and i refuse to fix it",
            "battery on my {v} dies by 2pm every day, i'm basically tethered to a charger",
            "the camera on my {v} is carrying my whole insta",
            "dropped my {v} in the sink at pres, the rice is doing its thing 🙏",
            "ngl my {v} is the nicest thing i own",
            "need a case for my {v} that isnt ugly, send links",
            "new phone! {v}! setting it up rn and lost all my whatsapp chats obvs",
            "my {v} storage is full of memes i'll never look at again",
            "took pics on my {v} at the fireworks and they came out so good",
            "face id on my {v} doesnt recognise me without mascara which is rude",
        ],
        change=[
            "finally swapped my {old} for the {v}, i feel reborn",
            "rip {old} 🪦 the {v} arrived today",
            "the {v} camera is insane compared to the {old}",
            "new phone who dis ({v})",
            "my {old} finally died for good so i upgraded to the {v}",
            "sold the {old} on marketplace and got the {v} on a student deal",
            "ok the {v} battery lasts all day, i dont know how to act",
            "still getting used to the {v}, keep swiping the wrong way lol",
            "traded in my {old} at the shop and walked out with the {v}",
            "got the {v} today and transferred everything, the {old} is going in the drawer of doom",
            "left my {old} on the bus 😭😭 had to get a new one, went with the {v}",
            "the {v} is so light in my pocket, didnt realise how chunky my {old} was",
        ],
        now_q=["What phone does the user have now?", "Which phone is the user using these days?",
               "What is the user's current phone?", "What phone does the user use?"],
        before_q=["What phone did the user have before?", "What phone did the user use to have?",
                  "What was the user's previous phone?"],
        y2024_q=["What phone did the user have in 2024?", "Which phone was the user using in late 2024?"],
    ),
    "gym": dict(
        pool=GYMS, maxlen=4,
        init=[
            "joined {v} finally, £20 a month for my mental health",
            "my gym ({v}) at 6pm is literally a zoo",
            "leg day at {v} and now i cant walk down the stairs",
            "my {v} membership is the only adult bill i pay on time",
            "hit a squat pb at {v} today 💪",
            "signed up to {v}, the induction guy was terrifying",
            "going to {v} 4x a week, who am i",
            "the showers at {v} are cold again. every single time i go",
            "someone at my gym, {v}, was doing curls in the squat rack, justice for squatters",
            "joined {v} bc it's only 10 min from ours, no excuses this term",
        ],
        change=[
            "cancelled {old}, joined {v} bc it's closer",
            "first session at {v} today and the equipment is sooo much better than {old}",
            "{old} put the price up again so i've moved to {v}",
            "new gym era: {v}",
            "{v} induction done, the squat racks are actually free here?? unheard of",
            "froze my {old} membership and signed up at {v} with {friend}",
            "the vibes at {v} are way better, no gym bros staring at me like at {old}",
            "my {v} fob is my most prized possession",
            "moved gyms to {v}, the 24h thing is elite for 1am sessions",
            "ngl {v} is a bit of a trek but the sauna makes up for it",
            "did my first leg day at {v} and got lost trying to find the exit lmao",
            "stopped going to {old} ages ago, {v} is my place",
        ],
        now_q=["Which gym does the user go to now?", "Where does the user work out these days?",
               "What gym is the user a member of?", "Which gym is the user currently training at?"],
        before_q=["Which gym did the user use to go to?", "What was the user's previous gym?",
                  "Where did the user train before switching gyms?"],
        y2024_q=["Which gym did the user go to in 2024?", "What gym was the user a member of in 2024?"],
    ),
    "partner": dict(
        pool=None, maxlen=4,
        init=[
            "ok so me and {v} are kinda a thing?? dont tell anyone",
            "{v} made me dinner tonight and it was actually edible 🥹",
            "date with {v} tmrw, what do i wear help",
            "{v} left me on read for 3 hours then sent a tiktok. the audacity. but they're my situationship so i'll allow it",
            "spent the whole weekend at {v}'s, we watched like 14 episodes of something",
            "i think i'm falling for {v} and it's making me sick",
            "{v} is the first person i've dated who texts back fast. green flag",
            "a month with {v} and we havent argued once, manifesting",
            "{v} asked me to be official on a walk round the park. i said yes obvs 😭",
            "meeting {v}'s mates tonight, pray for me",
        ],
        change=[
            "me and {old} are done. like actually done. anyway {v} asked me out 👀",
            "{old} who? {v} is taking me to dinner friday",
            "broke up with {old} last week. been talking to {v} and it's going well ngl",
            "new situationship alert: {v}",
            "{v} is so much better at texting back than {old} ever was",
            "officially with {v}!!! hard launch on insta later 📸",
            "deleted all my pics with {old}. {v} and i went bowling tonight and it was cute",
            "{v} met my flatmates today and {flatmate} approves, that's the real test",
            "three weeks with {v} and i think it's a real thing",
            "ended things with {old}, we want different things. then i matched with {v} on hinge lol",
            "{v} stayed over and made breakfast, {old} never did that once",
            "ngl i'm seeing {v} and i'm happy, that's it that's the tweet",
        ],
        now_q=["Who is the user dating now?", "Who is the user's partner these days?",
               "Who is the user currently seeing?", "What's the name of the user's partner?"],
        before_q=["Who did the user use to date?", "Who was the user's previous partner?",
                  "Who was the user seeing before?"],
        y2024_q=["Who was the user dating in 2024?", "Who was the user's situationship in 2024?"],
    ),
    "takeaway": dict(
        pool=TAKEAWAYS, maxlen=4,
        init=[
            "{v} is the only thing keeping me alive this term, ordered again 🍗",
            "my go-to takeaway is {v}, no debate",
            "{v} on a friday is a religious experience",
            "ordered {v} for the 3rd time this week, my bank app is judging me",
            "unpopular opinion but {v} is the best takeaway in {city}",
            "post night out {v} hits different, fave takeaway forever",
            "the {v} delivery guy knows my name. embarrassing",
            "i'd die for {v}, favourite food on earth",
            "treated myself to {v} after my deadline, the only takeaway that never lets me down",
            "ordering {v} again bc it's my comfort food and i refuse to apologise",
        ],
        change=[
            "i think {v} has replaced {old} as my fave takeaway, sorry {old}",
            "ngl {old} is dead to me after that last order. {v} from here on",
            "discovered {v} and {old} is cancelled",
            "{v} has become my whole personality, ordered it 4 times this week",
            "{old} used to be my go to but {v} is just better, i've changed",
            "new favourite takeaway: {v}. that's it. that's the message",
            "the {old} near us closed 😭 so it's {v} on a friday",
            "cant believe i wasted a year on {old} when {v} existed",
            "{v} friday is the new tradition in our house",
            "my uber eats history is just {v} orders, {old} gave me food poisoning once and i'm done",
            "fave takeaway update: {v}, {old} has fallen off",
            "sorry but {v} >>> {old}, not even close",
        ],
        now_q=["What is the user's favourite takeaway now?", "Which takeaway does the user order most these days?",
               "What's the user's go-to takeaway?", "What takeaway is the user currently obsessed with?"],
        before_q=["What was the user's favourite takeaway before?", "Which takeaway did the user use to love?",
                  "What was the user's previous go-to takeaway?"],
        y2024_q=["What was the user's favourite takeaway in 2024?", "Which takeaway did the user order most in 2024?"],
    ),
    "game": dict(
        pool=GAMES, maxlen=4,
        init=[
            "been playing {v} til 4am every night, i have a problem",
            "{v} is my whole personality this term",
            "stayed up grinding {v} instead of doing my essay 💀",
            "if you need me i'll be on {v} forever",
            "finally ranked up in {v}, my life has meaning",
            "{v} is the only thing keeping me sane during deadlines",
            "me and {flatmate} had a {v} session that lasted 6 hours, no regrets",
            "cant stop thinking about {v}, it's so good",
            "put 40 hours into {v} this month, dont tell my personal tutor",
            "new obsession unlocked: {v}",
        ],
        change=[
            "uninstalled {old}, {v} has taken over my life",
            "{v} is so much better than {old}, no contest",
            "been on {v} all week, forgot {old} even existed",
            "quit {old} for the sake of my mental health. playing {v} which is chill",
            "my {v} hours this week are embarrassing",
            "{old} was getting boring so i started {v} and i'm hooked",
            "new game obsession is {v}, help",
            "{v} >>> {old}, i was so wrong about it",
            "deleted {old} to make space for {v}, worth it",
            "i'm in my {v} era",
            "stayed up til 3 on {v} again, {old} never got me like this",
            "anyone play {v}? i'm addicted, {old} who?",
        ],
        now_q=["What game is the user into now?", "Which game is the user playing these days?",
               "What's the user's current gaming obsession?", "What game is the user hooked on?"],
        before_q=["What game was the user into before?", "What game did the user use to play?",
                  "What was the user's previous gaming obsession?"],
        y2024_q=["What game was the user playing in 2024?", "Which game was the user obsessed with in 2024?"],
    ),
    "bank": dict(
        pool=BANKS, maxlen=3,
        init=[
            "my {v} app just told me i spent £80 on takeaways this month, who asked",
            "opened a student account with {v}, free railcard yay",
            "{v} notifications are my villain origin story",
            "love that {v} rounds up my spare change, only savings i have lol",
            "my {v} card got declined at the self checkout, fun times",
            "{v} app down again?? i need to pay rent",
            "student loan just hit my {v} account, rich for exactly 2 days",
            "ngl {v} is the only app i check more than insta",
            "the {v} budgeting thing is actually useful, who knew",
            "just got my {v} debit card in the post, ready to waste money",
        ],
        change=[
            "moved all my money from {old} to {v}, the app is so much nicer",
            "closed my {old} account, {v} is my bank",
            "switched to {v}, {old} was stressing me out",
            "got my {v} card today, bye {old}",
            "{v} has a better student overdraft so i switched from {old}",
            "my wages go into {v}, {old} was useless",
            "the {v} app is so clean, should have switched ages ago",
            "{old} charged me a fee for literally nothing, went with {v} instead",
            "new bank who dis: {v}",
            "set up my {v} account in like 5 mins, {old} took weeks",
            "transferring everything to {v} this week, {old} is dead to me",
            "loan goes into {v} from here on, {old} can go",
        ],
        now_q=["Which bank does the user use now?", "What bank is the user with?",
               "Which bank app does the user currently use?", "Who does the user bank with these days?"],
        before_q=["Which bank did the user use before?", "What bank did the user use to be with?",
                  "What was the user's previous bank?"],
        y2024_q=["Which bank was the user with in 2024?", "What bank app did the user use in 2024?"],
    ),
    "ride": dict(
        pool=RIDES, maxlen=3,
        init=[
            "got a {v} off marketplace, cheapest way round {city}",
            "my {v} is the best thing i've ever bought, no more bus",
            "my {v} got a flat on the way to my 9am, absolutely cursed",
            "locked my {v} outside the library and prayed",
            "riding my {v} to campus in the rain is not the vibe",
            "my {v} saves me like £20 a week on buses",
            "my {v} gave up halfway up the hill, had to push it home 😭",
            "someone tried to nick my {v} last night, the lock held 🙏",
            "parked my {v} in the hallway again and my flatmates hate it",
            "zooming round {city} on my {v}, freedom",
        ],
        change=[
            "my {old} got nicked outside the library 💀 got a {v} to replace it",
            "sold the {old} and bought a {v}, upgrade",
            "new wheels: {v}",
            "the {v} is so much faster than my {old}",
            "{old} died completely so i'm on a {v}",
            "got my {v} today, the {old} is going on marketplace",
            "took the {v} to campus for the first time and got there in 10 mins",
            "had to ditch the {old}, got a {v} and i'm obsessed",
            "my {v} is so smooth compared to the {old}",
            "{friend} sold me their old {v}, goodbye {old}",
            "ngl the {v} was a splurge but the {old} was falling apart",
            "first ride on the {v} and i nearly took out a pigeon",
        ],
        now_q=["What does the user ride around on now?", "What bike or scooter does the user have?",
               "What's the user's current way of getting around campus?",
               "Which bike or scooter is the user using these days?"],
        before_q=["What did the user ride before?", "What bike or scooter did the user use to have?",
                  "What was the user's previous ride?"],
        y2024_q=["What was the user riding in 2024?", "Which bike or scooter did the user have in 2024?"],
    ),
}

# ---------------------------------------------------------------------------
# other people
# ---------------------------------------------------------------------------

PEOPLE = {
    "flatmate": dict(rel="the user's flatmate", slots=["partner", "job", "gym"],
                     who=["my flatmate {name}", "{name}, my flatmate,", "our flatmate {name}"]),
    "sister": dict(rel="the user's older sister", slots=["home", "job", "car"],
                   who=["my sister {name}", "my big sister {name}", "{name} (my older sister)"]),
    "best friend": dict(rel="the user's best friend from home", slots=["partner", "home", "phone"],
                        who=["my best friend {name} from home", "my bestie from home {name}",
                             "{name} (bestie from back home)"]),
    "lab partner": dict(rel="the user's lab partner", slots=["job", "game", "partner"],
                        who=["my lab partner {name}", "{name}, my lab partner,", "{name} (lab partner)"]),
}

PEOPLE_TPL = {
    "partner": dict(
        init=["{who} has been seeing {v} for a month and they're already inseparable",
              "{who} is dating {v} and it's honestly adorable",
              "{who} and {v} are official apparently, {v} came to pres and was lovely",
              "{who} wont shut up about {v}, it's giving obsessed",
              "update: {who} is going out with {v} and i approve"],
        change=["{who} dumped {old}!! and is already going on dates with {v} 💀",
                "{who} is with {v} these days, {old} is ancient history",
                "{who} and {old} broke up and {v} is the new person on the scene",
                "tea: {who} is done with {old}, seeing {v} instead",
                "{who} finally got over {old}, dating {v} and glowing"]),
    "job": dict(
        init=["{who} just started at {v}, so proud",
              "{who} works at {v} and complains about it daily",
              "{who} got a job at {v} so never around on weekends",
              "{who} has a job at {v} and keeps bringing home freebies",
              "{who} is working at {v}, mad hours"],
        change=["{who} quit {old} and works at {v} now",
                "{who} moved from {old} to {v}, says the people are nicer",
                "{who} left {old}, started at {v} on monday",
                "{who} got poached by {v}, no more {old}",
                "{who} is done with {old}, just signed the contract at {v}"]),
    "gym": dict(
        init=["{who} joined {v} and now wakes the whole house at 6am",
              "{who} goes to {v} every day, inspiring and annoying",
              "{who} has a {v} membership and takes it very seriously",
              "{who} trains at {v} and keeps asking me to come along",
              "{who} signed up to {v}, protein shakes everywhere"],
        change=["{who} switched from {old} to {v}",
                "{who} cancelled {old} and signed up to {v}",
                "{who} goes to {v} instead of {old}, something about a better squat rack",
                "{who} moved gyms, {v} now, {old} was too busy",
                "{who} ditched {old}, {v} is the new one"]),
    "home": dict(
        init=["{who} lives in {v} and keeps telling me to visit",
              "{who} is loving life in {v}",
              "going to stay with {who} in {v} for reading week",
              "{who} is based in {v}, the flat is tiny but cute",
              "{who} has been in {v} for a while and knows all the good brunch spots"],
        change=["{who} is moving from {old} to {v} for work!!",
                "{who} finally left {old}, living in {v} now",
                "{who} sent pics of the new flat in {v}, {old} era over",
                "{who} relocated to {v}, goodbye {old}",
                "{who} has moved to {v}, said {old} was getting too expensive"]),
    "car": dict(
        init=["{who} drives a {v} and thinks she's in fast and furious",
              "{who} bought a {v}, she's so proud of it",
              "{who} picked me up in her {v} and played abba the whole way",
              "{who} has a {v} and refuses to let me drive it",
              "{who} got a {v} on finance, very grown up"],
        change=["{who} sold her {old} and got a {v}",
                "{who} crashed the {old} (she's fine) and drives a {v} now",
                "{who} traded in the {old} for a {v}",
                "{who} upgraded from the {old} to a {v}, fancy",
                "{who} finally got rid of the {old}, she's got a {v}"]),
    "phone": dict(
        init=["{who} has the {v} and keeps bragging about the camera",
              "{who} got the {v}, taking pics of everything",
              "{who} uses a {v} and it's always on 1%",
              "{who} dropped the {v} in the loo, rice again",
              "{who} has a {v} with a case covered in stickers"],
        change=["{who} swapped the {old} for the {v}",
                "{who} upgraded to the {v}, the {old} is retired",
                "{who} got the {v} after the {old} died",
                "{who} ditched the {old}, on the {v} now",
                "{who} sold the {old} and bought the {v}"]),
    "game": dict(
        init=["{who} is obsessed with {v}, talks about it through the whole practical",
              "{who} plays {v} every night apparently",
              "{who} is deep into {v}, keeps showing me clips",
              "{who} has like 300 hours on {v}",
              "{who} is hooked on {v} and falls asleep in lectures"],
        change=["{who} quit {old} and plays {v} now",
                "{who} has moved on from {old}, it's all {v}",
                "{who} uninstalled {old} for {v}",
                "{who} got bored of {old}, into {v} instead",
                "{who} is on {v} instead of {old}, different addiction same energy"]),
}

PEOPLE_Q = {
    "partner": ["Who is {rel} dating now?", "Who is {rel} seeing these days?",
                "Who is {rel} currently going out with?", "Who's {rel} in a relationship with?"],
    "job": ["Where does {rel} work now?", "Which place does {rel} currently work at?",
            "Where is {rel} working these days?", "Who is {rel}'s employer?"],
    "gym": ["Which gym does {rel} go to now?", "What gym is {rel} a member of these days?",
            "Where does {rel} currently work out?"],
    "home": ["Where does {rel} live now?", "Which city is {rel} living in these days?",
             "Where is {rel} currently based?"],
    "car": ["What car does {rel} drive now?", "What does {rel} currently drive?", "What's {rel}'s car?"],
    "phone": ["What phone does {rel} have now?", "Which phone is {rel} currently using?",
              "What phone does {rel} use these days?"],
    "game": ["What game is {rel} into now?", "Which game is {rel} currently obsessed with?",
             "What does {rel} play these days?"],
}


def _people_pool(subject, slot, city, hometown):
    if slot == "partner":
        return None  # names
    if slot == "job":
        return GRAD_JOBS if subject == "sister" else STUDENT_JOBS
    if slot == "gym":
        return GYMS
    if slot == "home":
        return [c for c in OTHER_CITIES if c.lower() not in (city, hometown)]
    if slot == "car":
        return CARS
    if slot == "phone":
        return PHONES
    if slot == "game":
        return GAMES
    raise KeyError(slot)


# ---------------------------------------------------------------------------
# filler
# ---------------------------------------------------------------------------

FILL_POOLS = {
    "day": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tmrw", "tonight"],
    "time": ["8am", "9am", "10am", "11am", "1pm", "2pm", "4pm", "6pm", "7pm"],
    "late": ["1am", "2am", "3am", "4am", "half 2", "gone 3", "5am", "half 12"],
    "n": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "12"],
    "money": ["3.50", "4", "7", "12", "15", "20", "25", "40", "60", "80", "120", "9.99"],
    "food": ["pasta pesto", "beans on toast", "a meal deal", "super noodles", "cereal", "a jacket potato",
             "fish finger sandwiches", "cheesy chips", "instant ramen", "an omelette", "a stir fry",
             "crumpets", "potato waffles", "a wrap"],
    "shop": ["aldi", "lidl", "the co-op", "asda", "home bargains", "b&m", "poundland", "iceland",
             "the corner shop", "the big tesco", "m&s food", "tk maxx"],
    "holiday": ["barcelona", "amsterdam", "krakow", "lisbon", "prague", "budapest", "dublin", "paris",
                "berlin", "porto", "malaga", "rome", "copenhagen", "magaluf", "tenerife", "vienna"],
    "restaurant": ["bella italia", "zizzi", "pizza express", "turtle bay", "wahaca", "miller & carter",
                   "toby carvery", "las iguanas", "cosy club", "yo sushi", "franco manca", "bills"],
    "show": ["love island", "the traitors", "bake off", "gilmore girls", "the bear", "severance",
             "stranger things", "normal people", "gossip girl", "squid game", "brooklyn 99", "derry girls",
             "the summer i turned pretty", "gavin and stacey"],
    "artist": ["charli xcx", "sabrina carpenter", "chappell roan", "fred again", "central cee",
               "olivia rodrigo", "taylor swift", "tyler the creator", "sza", "dave", "billie eilish",
               "the 1975", "doechii", "raye"],
    "venue": ["the union", "spoons", "the indie night", "a house party", "the karaoke bar", "the silent disco",
              "a warehouse rave", "the cheesy night at the SU", "a flat party", "the pub quiz", "the comedy night"],
    "weather": ["pissing it down", "freezing", "weirdly sunny", "so windy", "grey and grim", "foggy",
                "actually warm", "hailing"],
    "work": ["essay", "lab report", "presentation", "group project", "coursework", "reflective log",
             "poster", "literature review", "stats assignment", "portfolio"],
    "thing": ["charger", "keys", "airpods", "student card", "lanyard", "water bottle", "headphones",
              "hoodie", "umbrella", "lip balm", "tote bag", "glasses"],
    "relative": ["my mum", "my dad", "my nan", "my grandad", "my auntie", "my uncle", "my little brother",
                 "my cousin"],
    "topic": ["the bins", "her new hip", "the dog", "the neighbours", "my overdraft", "christmas plans",
              "the family group chat", "the price of butter", "a wedding in june", "whether i'm eating enough",
              "the garden", "a parking ticket"],
    "month": ["january", "february", "march", "april", "may", "june", "july", "august", "the summer",
              "easter", "reading week", "december"],
    "pet": ["puppy", "kitten", "rabbit", "hamster", "tortoise", "cockapoo", "sausage dog", "guinea pig"],
    "petname": ["biscuit", "pickle", "mango", "nugget", "bean", "waffles", "pebble", "olive", "miso",
                "custard", "pudding", "dave"],
    "app": ["whatsapp", "facebook", "tiktok", "candy crush", "wordle", "snapchat", "instagram", "pinterest"],
    "dish": ["carbonara", "burger", "halloumi fries", "tacos", "risotto", "ribs", "curry", "lasagne",
             "loaded fries", "calamari", "brownie", "mac and cheese"],
    "snack": ["haribo", "a sausage roll", "crisps", "a monster", "a pot noodle", "a twirl", "percy pigs",
              "a yum yum", "a red bull", "doritos", "a freddo", "skips"],
    "drink": ["iced latte", "matcha", "dr pepper", "oat flat white", "chai latte", "lucozade", "vimto",
              "strawberry milkshake", "iced tea"],
    "grade": ["a 2:1", "a first", "a 58", "a 64", "a 72", "a 2:2", "a 49", "a 68", "a 61", "a 55"],
    "appliance": ["boiler", "washing machine", "oven", "shower", "fridge", "toaster", "smoke alarm", "kettle",
                  "extractor fan"],
    "bodypart": ["leg", "push", "pull", "back", "shoulder", "arm", "glute", "core"],
    "gymitem": ["headphones", "water bottle", "lifting belt", "gym bag", "towel", "lifting straps"],
    "pct": ["1", "2", "3", "4", "5", "7", "9"],
    "clothing": ["white hoodie", "jeans", "going out top", "trainers", "jumper", "work trousers", "jacket",
                 "bedsheets"],
    "stain": ["fake tan", "red wine", "curry", "ketchup", "coffee", "lipstick", "grass", "vimto"],
    "ingredient": ["eggs", "rice", "tinned tomatoes", "pasta", "spinach", "chickpeas", "frozen peas", "tuna",
                   "halloumi", "cheese", "lentils", "bread", "sweet potato", "peppers"],
    "sport": ["football", "rugby", "boxing", "climbing", "swimming", "tennis", "padel", "cricket"],
    "society": ["the baking society", "the film society", "the debate society", "the hiking society",
                "the anime society", "the salsa society", "the quidditch society", "netball society",
                "the wine society", "the k-pop dance society"],
    "festival": ["reading fest", "glastonbury", "parklife", "boardmasters", "creamfields", "wireless",
                 "download", "latitude"],
    "chore": ["the washing up", "my laundry", "hoovering", "my food shop", "changing my bedsheets",
              "emptying the bins"],
    "smell": ["wet dog", "despair", "old soup", "a pond", "regret", "cheese"],
    "housedrama": ["the state of the kitchen", "the heating", "whose turn it is to clean the bathroom",
                   "the milk thief", "noise after midnight", "the bins", "the wifi bill", "the mystery smell"],
    "workthing": ["shelf", "counter", "coffee machine", "till area", "display", "fridge"],
    "weirdpay": ["coins from 1998", "a voucher that expired in 2019", "a cheque", "euros", "a scratchcard"],
    "answer": ["'interesting point'", "nothing and just nodded", "'it's complicated'",
               "something about capitalism", "'i agree with the last person'"],
    "place2": ["the library", "the lab", "the union", "my mates", "the gym", "the lecture theatre"],
    "caseflaw": ["a crack in the corner", "a dead fly in it", "someone's number written on it",
                 "a sticker from freshers", "gone yellow"],
    "distraction": ["a pigeon", "their own reflection", "a tiktok", "a dog outside", "the tv"],
    "giftidea": ["a candle", "a hoodie", "concert tickets", "a plant", "a book", "a voucher", "perfume"],
    "excuse": ["covid", "a family thing", "a migraine", "three other deadlines", "a flood in my room",
               "a broken laptop"],
    "task": ["pay rent", "book the doctors", "renew my railcard", "call my nan", "return my library books",
             "email my personal tutor", "submit my timesheet", "defrost the freezer", "buy a birthday card"],
    "weird": ["sleep 14 hours", "drink 4 coffees a day", "eat cereal for dinner", "cry at adverts",
              "forget what day it is", "live off toast"],
    "plant": ["cactus", "monstera", "basil plant", "succulent", "spider plant", "pothos"],
    "lang": ["spanish", "french", "italian", "german", "portuguese", "polish"],
    "phrase": ["where is the nearest chippy", "i'm a student please have mercy", "one beer please",
               "my friend is lost", "do you take card"],
    "sistopic": ["her wedding playlist", "her cat", "work drama", "mum's birthday", "a man at her spin class",
                 "her new sofa", "a holiday she cant afford"],
    "bestopic": ["someone at their work", "their driving test", "a tiktok trend", "a dream they had",
                 "what to wear saturday", "their mum's new boyfriend"],
    "labresult": ["a result that made no sense", "the wrong colour", "a 3% yield", "a fire alarm",
                  "the only working centrifuge"],
    "mood": ["feral", "delulu", "unwell", "thriving", "so done", "lowkey emotional", "chronically online"],
    "seat": ["the quiet floor", "the silent floor", "the group study floor", "the third floor", "the top floor"],
    "hobby": ["crochet", "pilates", "journalling", "running", "pottery", "thrifting", "film photography"],
    "early": ["8am", "9am", "9:30", "10am"],
    "weekday": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    "price": ["3.20", "3.75", "4.10", "4.50", "4.95", "5.25"],
    "theme": ["y2k", "barbie", "under the sea", "pirates", "anything but clothes", "school disco",
              "heaven and hell", "cowboy", "nepo baby", "tacky tourist"],
    "buy": ["a white hoodie", "some jeans", "a going out top", "new trainers", "a jumper", "a jacket",
            "a lamp", "a mirror", "fairy lights", "a bean bag", "a rug"],
    "dphone": [p.lower() for p in PHONES],
    "dgym": [g.lower() for g in GYMS],
    "dride": [r.lower() for r in RIDES],
    "dbank": [b.lower() for b in BANKS],
    "dtake": [t.lower() for t in TAKEAWAYS],
    "dgame": [g.lower() for g in GAMES],
    "car2": ["skoda octavia", "volvo xc40", "ford focus", "land rover defender", "bmw 1 series",
             "citroen c3", "vauxhall astra", "mazda 2"],
    "network": ["ee", "vodafone", "three", "o2", "giffgaff", "lebara"],
}

# (gate slot or None, template)
FILLER_TPL = [
    # everyday life
    (None, "{weather} in {city} today and i have a {time} lecture, considering dropping out"),
    (None, "listening to {artist} on repeat while i pretend to do my {work}"),
    (None, "went to {venue} with {friend} and got home at {late}, {n}/10 night"),
    (None, "{friend} wants to go to {holiday} in {month} and i have £{money} to my name"),
    (None, "tried {restaurant} for {friend}'s birthday, the {dish} was mid tbh"),
    (None, "{relative} rang me for {n} minutes about {topic}"),
    (None, "hungover and eating {snack} in bed with {show} on"),
    (None, "bought {buy} from {shop} for £{money}, bargain of the century"),
    (None, "cant believe {show} ended like that, {friend} spoiled it for me at {time}"),
    (None, "{friend}'s birthday is {day}, do i get them {giftidea} or {giftidea2}"),
    (None, "doing a {show} rewatch instead of my {work}, no regrets"),
    (None, "sleep schedule is cooked, fell asleep at {late} and woke up at {time}"),
    (None, "{relative} sent me £{money} 'for food' and i spent it on {snack}"),
    (None, "{artist} tickets are £{money} and i'm genuinely considering it"),
    (None, "{festival} tickets go on sale {weekday}, me and {friend} are going no matter what"),
    (None, "joined {society} at the freshers fair and went to {n} sessions before ghosting"),
    (None, "just spent {n} hours on tiktok instead of {chore}"),
    (None, "my washing has been in the machine since {weekday}, it smells like {smell}"),
    (None, "{sis} facetimed me for {n} mins about {sistopic}"),
    (None, "{bestie} sent me a {n} minute voice note about {bestopic}"),
    (None, "{labp} and i got {labresult} in the practical, {n} hours of our lives gone"),
    (None, "{flatmate} made {food} for the whole house, angel behaviour 😇"),
    (None, "my cousin just got a {pet} called {petname}, i need to meet it"),
    (None, "{relative} has discovered {app} and sends me {n} videos a day"),
    (None, "my dad bought a {car2} and wont shut up about it, {n} photos in the family chat"),
    (None, "my little brother made the {sport} team, proud older sibling moment"),
    (None, "my mum switched to {network} and rang me {n} times to tell me"),
    (None, "{friend} just got back from {holiday} and is being insufferable about the {dish}"),
    (None, "booked a {n} day trip to {holiday} in {month} with the group chat, we'll see if it happens"),
    (None, "feeling {mood} today, had {snack} for breakfast"),
    (None, "{drink} from the campus cafe costs £{price} now, daylight robbery"),
    (None, "library on {seat} from {time} til {late}, i've become part of the furniture"),
    (None, "picked up {hobby} as a hobby, day {n} and already obsessed"),
    (None, "had {food} for dinner {n} nights in a row, student life"),
    (None, "lost my {thing} again, last seen at {venue}"),
    (None, "{friend} dragged me to {venue} on a {weekday} and honestly i'm {mood}"),
    (None, "spent £{money} at {shop} on things i absolutely didnt need, like a {plant}"),
    (None, "my {plant} is dying and so am i, day {n} of deadlines"),
    (None, "it's {weather} and i forgot my {thing}, of course"),
    (None, "{friend} cried at {show} and then denied it, {n} witnesses"),
    (None, "went back to {hometown} for the weekend and {relative} fed me {dish} til i couldnt move"),
    (None, "the train from {hometown} was delayed {n} times, i'm {mood}"),
    (None, "watched {show} with {friend} instead of going out, {snack} and blankets"),
    (None, "me and {friend} did a big {shop} haul, spent £{money} between us"),
    (None, "{friend} is having a {theme} themed party and i have nothing to wear"),
    (None, "the fire alarm on {seat} went off at {time}, {n} hundred students in the cold"),
    (None, "{relative} asked when i'm coming home and i said {month}, guilt trip incoming"),
    (None, "ok i need to stop buying {drink}s, that's £{money} this week alone"),
    (None, "saw a {pet} on campus and {friend} and i followed it for {n} minutes"),
    (None, "i'm so {mood} rn, {artist} concert clips are not helping"),
    (None, "sunday reset: {chore}, {food}, face mask, {show}"),
    (None, "{friend} told me a secret about {friend2} and i'm sworn to silence"),
    (None, "{friend} and {friend2} are beefing over a {app} comment, the group chat is on fire"),
    (None, "charity shop find: a {clothing} for £{money}, thrift queen"),
    (None, "went to {restaurant} with {relative} and they paid, love being a student"),
    (None, "{flatmate} put {stain} on my {clothing} and i'm trying to stay calm"),
    (None, "walked {n}k steps today just going between {place2} and {place2b}"),
    # decoys: brands and things that are never the user's own value
    (None, "borrowed {friend}'s {dphone} for pics on the night out, the camera is unreal, {n} hundred photos"),
    (None, "went to a free taster at {dgym} with {friend}, it was {mood} but i'm not joining"),
    (None, "{friend} let me have a go on their {dride} and i nearly died on {n} separate occasions"),
    (None, "{relative} keeps telling me to open an account with {dbank}, {n} texts about it this week"),
    (None, "{friend} made us get {dtake} at {late}, it was fine i guess"),
    (None, "{friend} is addicted to {dgame}, i watched {n} hours of it over their shoulder"),
    (None, "borrowed {friend}'s {car2} for an ikea run, came back with {n} candles and a {plant}"),
    # questions to the assistant
    (None, "can u help me write an email to my lecturer asking for an extension on my {work}, i had {excuse}"),
    (None, "whats something i can cook with {ingredient} and {ingredient2}, i'm broke"),
    (None, "how do i get {stain} out of my {clothing}"),
    (None, "remind me to {task} {day}"),
    (None, "is it normal to {weird} or am i unwell"),
    (None, "whats a good present for {relative} under £{money}"),
    (None, "how do i say '{phrase}' in {lang}, going to {holiday} soon"),
    (None, "can you make me a {n} day revision plan for my {work}, i've done nothing"),
    (None, "what should i name my {plant}, {friend} suggested {petname}"),
    (None, "roughly how many calories are in {snack}, asking for me"),
    (None, "recap {show} season {n} for me i forgot everything"),
    (None, "give me a cheap meal plan for {n} days using {ingredient} and {ingredient2}"),
    (None, "how long can i leave {food} in the fridge before it kills me, it's been {n} days"),
    (None, "can you help me reply to {friend}, they asked if i'm free {day} and i'm not but i want to be nice"),
    (None, "what's a good caption for a pic of me and {friend} at {venue}"),
    (None, "help me budget, i have £{money} until {month}"),
    (None, "write me a {n} line poem about {snack} for {friend}'s card"),
    (None, "how do i reference a tiktok in my {work} asking for a friend (me)"),
    (None, "is {drink} or {drink2} better for a {time} lecture"),
    # slot topics without values
    ("home", "the {appliance} at ours has been broken for {n} days and the landlord is ignoring us"),
    ("home", "bin day was {weekday} and nobody remembered, {n} bags in the garden and a fox having a feast"),
    ("home", "house meeting {day} about {housedrama}, {flatmate} made an actual agenda 💀"),
    ("home", "our wifi died at {late} while i was halfway through my {work}"),
    ("home", "heating stays off until {month} apparently, wearing {n} jumpers indoors"),
    ("home", "someone in our house keeps eating my {food}, i'm labelling everything from {day}"),
    ("home", "the {appliance} in our kitchen is making a noise like {smell}, if that makes sense"),
    ("job", "{n} hour shift {day}, someone pray for me"),
    ("job", "work was so dead tonight i cleaned the {workthing} {n} times"),
    ("job", "payday is {day} and i already owe {friend} £{money}"),
    ("job", "rota for next week is out, {n} shifts including a {time} start 🙃"),
    ("job", "a customer tried to pay with {weirdpay} today, retail is a social experiment"),
    ("job", "covered a {weekday} shift for someone so they owe me £{money} worth of {snack}"),
    ("job", "got told off at work for being on my phone for {n} seconds, {mood}"),
    ("course", "{work} due {day} and i've written {n} hundred words"),
    ("course", "{time} lecture and only {n} people turned up, lecturer looked personally hurt"),
    ("course", "got {grade} on my {work}, thoughts and prayers"),
    ("course", "group project update: {friend} has done nothing for {n} weeks"),
    ("course", "my seminar leader asked what i thought about the reading and i said {answer}"),
    ("course", "{n} tabs open for my {work} and i havent read a single one"),
    ("phone", "screen time was {n} hours yesterday, {app} alone was half of it"),
    ("phone", "phone on {pct}% and my charger is at {place2}"),
    ("phone", "need a new phone case, current one has {caseflaw}"),
    ("phone", "my phone autocorrected {petname} to something unholy in the {relative} chat"),
    ("gym", "gym was rammed at {time}, waited {n} mins for a bench"),
    ("gym", "{bodypart} day destroyed me, pain level {n}/10"),
    ("gym", "forgot my {gymitem} so i trained like a psychopath in silence"),
    ("gym", "{friend} tried to spot me on bench and got distracted by {distraction}"),
    ("gym", "skipped the gym {n} days in a row, {mood} about it"),
    ("partner", "date night {day} at {restaurant}, what do i wear"),
    ("partner", "my partner sent me {n} tiktoks at {late} and i watched every single one"),
    ("partner", "bought my partner {giftidea} for no reason, {mood}"),
    ("takeaway", "spent £{money} on takeaways this month, {relative} would be ashamed"),
    ("takeaway", "deliveroo said {n} mins and it took {n2} years, starving"),
    ("takeaway", "ordered a takeaway at {late} again, eating {food} tomorrow to balance it out"),
    ("game", "up til {late} gaming with {friend}, {n} hours sleep before my {early} seminar"),
    ("game", "lost {n} games in a row, i'm a disgrace to {relative}"),
    ("game", "my controller died mid match at {late}, {mood}"),
    ("bank", "£{money} left until the loan drops in {month}, beans on toast era"),
    ("bank", "just checked and i spent £{money} at {shop} this week, how"),
    ("bank", "my overdraft is at -£{money} and {friend} says i'm in denial"),
    ("ride", "got a puncture on the way to {place2}, walked the last {n} mins"),
    ("ride", "rode to campus while it was {weather} and arrived looking like a drowned rat"),
    ("ride", "{friend} bet me £{money} i couldnt get up the big hill without stopping, i won"),
]

FILL_POOLS["friend2"] = None  # filled per user
FILL_POOLS["giftidea2"] = FILL_POOLS["giftidea"]
FILL_POOLS["ingredient2"] = FILL_POOLS["ingredient"]
FILL_POOLS["drink2"] = FILL_POOLS["drink"]
FILL_POOLS["place2b"] = FILL_POOLS["place2"]
FILL_POOLS["n2"] = FILL_POOLS["n"]

OPENERS = ["", "", "", "", "ngl ", "tbh ", "lowkey ", "honestly ", "ok so ", "omg ", "bruh ", "ugh ",
           "not gonna lie ", "update: ", "random but "]
TAILS = ["", "", "", " 😭", " 💀", " lol", " fr", " istg", " 🙃", " ffs", " 🫠", " no cap", " x", " 🙏",
         " 😩", " help", " 🥲", " haha", " !!", " rn"]
JOINERS = [". ", ". also ", " and also ", ", anyway ", " 😭 ", " lol. ", "\n", " | ", ". unrelated but "]

_FIELD = re.compile(r"\{(\w+)\}")
_SECOND = {"friend2": "friend", "giftidea2": "giftidea", "ingredient2": "ingredient", "drink2": "drink",
           "place2b": "place2", "n2": "n"}


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2]
_HOUR_W = [2, 3, 4, 4, 5, 5, 4, 4, 4, 5, 6, 6, 7, 7, 8, 8, 6, 4, 2]


def _rand_time(rng, lo, hi):
    """Random datetime in [lo, hi] with student-ish hours."""
    days = (hi.date() - lo.date()).days
    for _ in range(200):
        d = lo.date() + timedelta(days=rng.randint(0, max(days, 0)))
        h = rng.choices(_HOURS, _HOUR_W)[0]
        t = datetime(d.year, d.month, d.day, h, rng.randint(0, 59), rng.randint(0, 59), tzinfo=UTC)
        if lo <= t <= hi:
            return t
    return lo + timedelta(seconds=rng.randint(0, max(int((hi - lo).total_seconds()), 0)))


def _dates_in(rng, n, lo, hi, gap_days=18):
    """n sorted datetimes in [lo, hi], each at least gap_days apart."""
    for _ in range(500):
        ts = sorted(_rand_time(rng, lo, hi) for _ in range(n))
        if all((b - a).days >= gap_days for a, b in zip(ts, ts[1:])):
            return ts
    # fall back: evenly spaced
    step = (hi - lo) / (n + 1)
    return [lo + step * (i + 1) for i in range(n)]


def _iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S+00:00")


def _disp(rng, value):
    return value.lower() if rng.random() < 0.65 else value


# ---------------------------------------------------------------------------
# generate
# ---------------------------------------------------------------------------

def generate(size, user=0, seed=0):
    rng = random.Random(f"{SPLIT}/{user}/{seed}")

    city = rng.choice(sorted(CITIES))
    uni, streets, halls = CITIES[city]
    hometown = rng.choice(HOMETOWNS)

    names = NAMES[:]
    rng.shuffle(names)
    sisters = SISTER_NAMES[:]
    rng.shuffle(sisters)
    person_name = {"flatmate": names.pop(), "sister": sisters.pop(), "best friend": names.pop(),
                   "lab partner": names.pop()}

    # ---- user chains -------------------------------------------------------
    all_slots = list(USER_SLOTS)
    k = rng.randint(8, 10)
    chosen = sorted(rng.sample(all_slots, k), key=all_slots.index)

    chains = []  # dicts: subject, slot, values, dates, texts
    user_vals = {}
    for slot in chosen:
        spec = USER_SLOTS[slot]
        n = rng.randint(2, spec["maxlen"])
        if slot == "home":
            vals = rng.sample(streets, n)
        elif slot == "partner":
            vals = [names.pop() for _ in range(n)]
        else:
            vals = rng.sample(spec["pool"], n)
        user_vals[slot] = vals
        d0 = _rand_time(rng, datetime(2024, 9, 3, tzinfo=UTC), datetime(2024, 12, 20, 23, 0, tzinfo=UTC))
        later = _dates_in(rng, n - 1, datetime(2025, 1, 6, tzinfo=UTC),
                          datetime(2025, 9, 27, 23, 0, tzinfo=UTC), gap_days=20)
        chains.append(dict(subject="user", slot=slot, values=vals, dates=[d0] + later))

    # ---- other people ------------------------------------------------------
    taken = {v for vs in user_vals.values() for v in vs}
    for subject, pspec in PEOPLE.items():
        for slot in pspec["slots"]:
            n = rng.randint(1, 3)
            pool = _people_pool(subject, slot, city, hometown)
            if pool is None:
                vals = [names.pop() for _ in range(n)]
            else:
                cand = [p for p in pool if p not in taken and p not in user_vals.get(slot, [])]
                vals = rng.sample(cand, n)
            taken.update(vals)
            start = _rand_time(rng, datetime(2024, 9, 5, tzinfo=UTC), datetime(2025, 3, 31, tzinfo=UTC))
            if n == 1:
                dates = [start]
            else:
                dates = [start] + _dates_in(rng, n - 1, start + timedelta(days=20),
                                            datetime(2025, 9, 26, tzinfo=UTC), gap_days=20)
            chains.append(dict(subject=subject, slot=slot, values=vals, dates=dates))

    friends = [x.lower() for x in names[:24]]  # decoy names, never values
    all_values = sorted({v for c in chains for v in c["values"]}, key=len, reverse=True)
    value_re = re.compile(r"(?<![\w])(" + "|".join(re.escape(v.lower()) for v in all_values) + r")(?![\w])")

    # ---- drop chains if size is too small ----------------------------------
    def n_facts():
        return sum(len(c["values"]) for c in chains)

    drop_order = [c for c in chains if c["subject"] != "user"][::-1] + [c for c in chains if c["subject"] == "user"][::-1]
    while n_facts() > size and drop_order:
        chains.remove(drop_order.pop(0))

    # ---- fact memories -----------------------------------------------------
    memories = []
    used_times = set()
    texts = set()

    def stamp(t):
        while t in used_times:
            t = t + timedelta(seconds=rng.randint(1, 97))
        used_times.add(t)
        return t

    ctx_base = dict(city=city, uni=uni, flatmate=person_name["flatmate"].lower(), hometown=hometown)
    for c in chains:
        if c["subject"] == "user":
            spec = USER_SLOTS[c["slot"]]
            tpl_init = rng.choice(spec["init"])
            tpl_change = rng.sample(spec["change"], len(c["values"]) - 1)
            tpls = [tpl_init] + tpl_change
        else:
            ptpl = PEOPLE_TPL[c["slot"]]
            tpls = [rng.choice(ptpl["init"])] + rng.sample(ptpl["change"], len(c["values"]) - 1)
        for i, (val, t, tpl) in enumerate(zip(c["values"], c["dates"], tpls)):
            ctx = dict(ctx_base)
            ctx["friend"] = rng.choice(friends)
            ctx["v"] = _disp(rng, val)
            if i:
                ctx["old"] = _disp(rng, c["values"][i - 1])
            if c["subject"] != "user":
                who = rng.choice(PEOPLE[c["subject"]]["who"]).format(name=person_name[c["subject"]])
                ctx["who"] = who
            text = tpl.format(**ctx)
            if rng.random() < 0.3:
                text += rng.choice(TAILS[3:])
            assert text not in texts, text
            texts.add(text)
            memories.append(dict(content=text, created=_iso(stamp(t)),
                                 fact=dict(subject=c["subject"], slot=c["slot"], index=i, value=val)))

    # ---- filler ------------------------------------------------------------
    gates = {c["slot"]: c["dates"][0] for c in chains if c["subject"] == "user"}
    # topic filler also allowed when the chain was dropped for size, as long as the slot was chosen
    for c_slot in chosen:
        gates.setdefault(c_slot, datetime(2024, 12, 21, tzinfo=UTC))
    eligible = [i for i, (g, _) in enumerate(FILLER_TPL) if g is None or g in gates]

    pools = dict(FILL_POOLS)
    pools["friend"] = friends
    pools["friend2"] = friends
    consts = dict(city=city, uni=uni, hometown=hometown, flatmate=person_name["flatmate"].lower(),
                  sis=person_name["sister"].lower(), bestie=person_name["best friend"].lower(),
                  labp=person_name["lab partner"].lower())

    def make_core():
        i = rng.choice(eligible)
        gate, tpl = FILLER_TPL[i]
        fields = []
        for f in _FIELD.findall(tpl):
            if f not in fields:
                fields.append(f)
        fill = {}
        key = [i]
        for f in fields:
            if f in consts:
                fill[f] = consts[f]
                continue
            pool = pools[f]
            base = _SECOND.get(f)
            for _ in range(10):
                val = rng.choice(pool)
                if base is None or fill.get(base) != val:
                    break
            if base is not None and fill.get(base) == val:
                return None
            fill[f] = val
            key.append(val)
        return tpl.format(**fill), tuple(key), gate

    need = size - len(memories)
    used_full = set()
    used_mask = set()
    core_use = Counter()
    attempts = 0
    max_attempts = 2000 + need * 60
    while need > 0:
        attempts += 1
        if attempts > max_attempts:
            raise RuntimeError("could not generate enough filler")
        k = 1 if rng.random() < 0.5 else 2
        cores = [make_core() for _ in range(k)]
        if any(c is None for c in cores):
            continue
        if k == 2 and cores[0][1][0] == cores[1][1][0]:
            continue
        if any(core_use[c[1]] >= 2 for c in cores):
            continue
        keys = sorted((c[1] for c in cores), key=repr)
        full = tuple(keys[0]) if k == 1 else tuple(keys[0]) + ("|",) + tuple(keys[1])
        if full in used_full:
            continue
        masks = []
        for p in range(len(full)):
            if p == 0 or full[p] == "|" or (k == 2 and p == len(keys[0]) + 1):
                continue
            masks.append(full[:p] + ("*",) + full[p + 1:])
        if any(m in used_mask for m in masks):
            continue
        body = cores[0][0] if k == 1 else cores[0][0] + rng.choice(JOINERS) + cores[1][0]
        text = rng.choice(OPENERS) + body + rng.choice(TAILS)
        if text in texts or len(text) > 400 or value_re.search(text.lower()):
            continue
        used_full.add(full)
        used_mask.update(masks)
        for c in cores:
            core_use[c[1]] += 1
        texts.add(text)
        lo = T_START
        for c in cores:
            if c[2] is not None:
                lo = max(lo, gates[c[2]] + timedelta(days=1))
        t = stamp(_rand_time(rng, lo, T_END))
        memories.append(dict(content=text, created=_iso(t)))
        need -= 1

    memories.sort(key=lambda m: m["created"])

    # ---- questions ---------------------------------------------------------
    questions = []
    for c in chains:
        vals = list(c["values"])
        last = len(vals) - 1
        if c["subject"] == "user":
            spec = USER_SLOTS[c["slot"]]
            for q in rng.sample(spec["now_q"], 2):
                q = q.format(city=city.title())
                questions.append(dict(question=q, subject="user", slot=c["slot"], tense="now",
                                      gold=last, values=vals, kind=_kind(q)))
            q = rng.choice(spec["before_q"])
            questions.append(dict(question=q, subject="user", slot=c["slot"], tense="before",
                                  gold=last - 1, values=vals, kind=_kind(q)))
            q = rng.choice(spec["y2024_q"])
            questions.append(dict(question=q, subject="user", slot=c["slot"], tense="before",
                                  gold=0, values=vals, kind=_kind(q)))
        else:
            rel = PEOPLE[c["subject"]]["rel"]
            q = rng.choice(PEOPLE_Q[c["slot"]]).format(rel=rel)
            questions.append(dict(question=q, subject=c["subject"], slot=c["slot"], tense="now",
                                  gold=last, values=vals, kind=_kind(q)))

    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW,
            "memories": memories, "questions": questions}


# ---------------------------------------------------------------------------
# self check
# ---------------------------------------------------------------------------

def _tokens(text):
    return tuple(re.findall(r"[a-z0-9£'&:%]+", text.lower()))


def _near_dups(contents):
    """Pairs of contents equal after normalisation or differing by one token (substitution/insertion)."""
    seen_full = {}
    seen_sub = {}
    out = []
    toks = [_tokens(c) for c in contents]
    for idx, t in enumerate(toks):
        if t in seen_full:
            out.append((contents[seen_full[t]], contents[idx]))
        seen_full.setdefault(t, idx)
    for idx, t in enumerate(toks):
        for p in range(len(t)):
            s = t[:p] + ("\x00",) + t[p + 1:]
            if s in seen_sub and seen_sub[s] != idx:
                out.append((contents[seen_sub[s]], contents[idx]))
            seen_sub.setdefault(s, idx)
            d = t[:p] + t[p + 1:]
            if d in seen_full and seen_full[d] != idx:
                out.append((contents[seen_full[d]], contents[idx]))
    return out


def _check(data, size):
    assert data["split"] == SPLIT and data["now"] == NOW
    mems = data["memories"]
    assert len(mems) == size, (len(mems), size)
    created = [m["created"] for m in mems]
    assert created == sorted(created)
    assert len(set(created)) == len(created)
    lo, hi = _iso(T_START), _iso(T_END)
    for c in created:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", c), c
        assert lo <= c <= hi, c
    contents = [m["content"] for m in mems]
    assert len(set(contents)) == len(contents)
    for c in contents:
        assert c.strip() and len(c) <= 400, c
    dups = _near_dups(contents)
    assert not dups, dups[:3]

    chains = {}
    for m in mems:
        f = m.get("fact")
        if f:
            assert f["value"].lower() in m["content"].lower(), m
            chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], m["created"]))
    all_vals = {}
    for key, items in chains.items():
        items.sort()
        assert [i for i, _, _ in items] == list(range(len(items))), (key, items)
        dates = [d for _, _, d in items]
        assert dates == sorted(dates), key
        vals = [v for _, v, _ in items]
        assert len(set(vals)) == len(vals)
        all_vals[key] = vals
        if key[0] == "user":
            assert 2 <= len(vals) <= 4
            assert "2024-09-01" <= dates[0] < "2025-01-01", (key, dates)
            assert all("2025-01-01" <= d < "2025-10-01" for d in dates[1:]), (key, dates)
        else:
            assert 1 <= len(vals) <= 3
    user_slots = {s for (subj, s) in chains if subj == "user"}
    for (subj, s), vals in all_vals.items():
        if subj != "user" and ("user", s) in all_vals:
            assert not set(vals) & set(all_vals[("user", s)]), (subj, s)

    # filler must not name any chain value
    vals_all = sorted({v.lower() for vs in all_vals.values() for v in vs}, key=len, reverse=True)
    vre = re.compile(r"(?<![\w])(" + "|".join(re.escape(v) for v in vals_all) + r")(?![\w])")
    for m in mems:
        if "fact" not in m:
            assert not vre.search(m["content"].lower()), m["content"]

    qs = data["questions"]
    assert len({q["question"] for q in qs}) == len(qs)
    per = {}
    for q in qs:
        assert q["kind"] == _kind(q["question"])
        key = (q["subject"], q["slot"])
        assert key in all_vals, key
        assert q["values"] == all_vals[key]
        last = len(q["values"]) - 1
        per.setdefault(key, []).append(q)
        if q["tense"] == "now":
            assert q["gold"] == last
            assert q["kind"] in ("now", "currently", "these days", "plain"), q
        else:
            assert q["tense"] == "before"
            if "2024" in q["question"]:
                assert q["gold"] == 0 and q["kind"] == "in 2024", q
            else:
                assert q["gold"] == last - 1 and q["kind"] in ("before", "used to"), q
        if q["subject"] != "user":
            assert q["tense"] == "now"
    for key in all_vals:
        lst = per.get(key, [])
        if key[0] == "user":
            assert len(lst) == 4, key
            assert sum(q["tense"] == "now" for q in lst) == 2
            assert sum(q["kind"] == "in 2024" for q in lst) == 1
            assert sum(q["kind"] in ("before", "used to") for q in lst) == 1
        else:
            assert len(lst) == 1, key
    return user_slots, all_vals


def self_check():
    for user in range(4):
        for size in (1000, 100):
            d1 = generate(size, user)
            d2 = generate(size, user)
            assert d1 == d2, "not deterministic"
            user_slots, all_vals = _check(d1, size)
            assert 8 <= len(user_slots) <= 10
            people = {s for (s, _) in all_vals if s != "user"}
            assert len(people) == 4, people
            assert sum(1 for (s, _) in all_vals if s != "user") == 12
    # different users differ
    a, b = generate(200, 0), generate(200, 1)
    assert [m["content"] for m in a["memories"]] != [m["content"] for m in b["memories"]]
    # tiny size drops whole chains
    for user in range(4):
        d = generate(30, user)
        _check(d, 30)
    print("self_check ok")


if __name__ == "__main__":
    import time
    self_check()
    t0 = time.time()
    big = generate(10000, 0)
    _check(big, 10000)
    print(f"generate(10000, 0): {time.time() - t0:.2f}s")
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(f"user 0: {len(facts)} fact memories, {len(d['questions'])} questions")
    for m in facts[:25]:
        print(m["created"], m["fact"]["subject"], m["fact"]["slot"], m["fact"]["index"], "|", m["content"])
    print("--- filler sample")
    fill = [m for m in d["memories"] if "fact" not in m]
    for m in fill[::90]:
        print(m["created"], "|", m["content"])
    print("--- questions")
    for q in d["questions"][:16]:
        print(q["kind"], q["gold"], q["question"], q["values"])
