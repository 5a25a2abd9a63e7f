"""Knowledge-update set blind9: five everyday users (UK, US, India, Australia, Germany).

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Blind: measured at fb9842e (current@1 0.312 at 1,000), at 73fb7c0 (0.458) and at the end
of the fifth session of 2026-12-01 (0.427) only; nobody has read its misses.

    python3 bench/knowledge_updates.py --split blind9 --mode library

Each writes in their own way; their facts change two or three times over a year: home city,
employer, phone, dog, gym, car, partner, favourite food, sports team, course, their child's
school and their book club. Four other people (relation + name) with three slots each.
Filler grows the store to `size`.
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone


# ---------------------------------------------------------------- slots ------
# user templates: {v} the value stated, {p} the value it replaces (only used for a change)

SLOTS: dict[str, dict] = {
    "city": {
        "values": ["Manchester", "Leeds", "Bristol", "Edinburgh", "Austin", "Denver", "Chicago", "Portland",
                   "Pune", "Bengaluru", "Hyderabad", "Melbourne", "Brisbane", "Adelaide", "Hamburg", "Leipzig"],
        "user": [
            "We live in {v} now, still getting used to the new neighbourhood.",
            "The move to {v} finally happened! Keys collected this morning, boxes everywhere.",
            "Shifted to {v} last week, the flat is small but the landlord is decent.",
            "User relocated to {v} (from {p}).",
            "Still can't get over how expensive rent is here in {v}.",
            "We are living now in {v}, the apartment is near the tram stop, very practical.",
            "Moved out of {p} for good. {v} is home now.",
            "Reckon moving to {v} was the right call, the arvo walks by the river are beaut.",
            "Note for later: my home city is {v} these days, the lease runs twelve months.",
            "Said goodbye to {p} yesterday, the drive to {v} took nine hours with the cat yowling.",
            "Registered with a GP in {v} now that we've settled in properly.",
            "Just got back home to {v} after the conference, nice to sleep in my own bed.",
            "User lives in {v}.",
            "Bought a bike to get around {v}, the cycle lanes here are great.",
        ],
        "now": ["Where does the user live now?", "What city is the user currently based in?", "user current city",
                "Which town is the user living in these days?", "user home city",
                "Where is the user's home at the moment?"],
        "before": ["Where did the user live before?", "Which city was the user in previously?",
                   "Where did the user use to live?"],
        "year": ["Where did the user live in {year}?", "user city {year}"],
        "other": ["{who} has moved to {v}.", "{who} just bought a house in {v}.",
                  "Heard from Mum that {who} lives in {v} now."],
        "other_q": ["Where does the user's {rel} live now?", "user {rel} city now"],
    },
    "employer": {
        "values": ["Deloitte", "Infosys", "Siemens", "Atlassian", "Barclays", "Accenture", "Wipro", "Bosch",
                   "Canva", "Kaiser Permanente", "Woolworths", "SAP", "Ocado", "Salesforce", "Unilever",
                   "Tata Consultancy Services"],
        "user": [
            "Got the job at {v}!! Start in three weeks.",
            "Handed in my notice at {p} today. Off to {v} next month.",
            "First week at {v} done, the onboarding is endless.",
            "The commute to the {v} office is killing me.",
            "User now works at {v} (previously {p}).",
            "Signed the offer from {v} this morning, feels unreal.",
            "My manager at {v} wants the quarterly deck by Friday, ugh.",
            "Joined {v} as a senior analyst, the pay bump is lovely.",
            "Last day at {p} — cake, a card, the lot. Monday it's {v}.",
            "Finally got my {v} badge and laptop, officially an employee now.",
            "Offer letter from {v} came through, joining date is the 1st. Mummy is very happy.",
            "I am working now at {v} since the first of the month, the team is very correct.",
            "User works at {v}.",
            "Another all-hands at {v} that could have been an email.",
        ],
        "now": ["Where does the user work now?", "Who is the user's current employer?", "user employer",
                "Which company does the user work for these days?", "user job company current",
                "Who employs the user at the moment?"],
        "before": ["Where did the user work before?", "What was the user's previous employer?",
                   "Which company did the user use to work for?"],
        "year": ["Who did the user work for in {year}?", "user employer {year}"],
        "other": ["{who} got a job at {v}.", "{who} started working for {v} last month.",
                  "{who} has gone to {v}, better money apparently."],
        "other_q": ["Where does the user's {rel} work now?", "Who does the user's {rel} currently work for?"],
    },
    "phone": {
        "values": ["iPhone 15 Pro", "Pixel 8", "Galaxy S24", "OnePlus 12", "Nothing Phone (2)", "Xiaomi 14",
                   "Pixel 7a", "iPhone 13 mini", "Galaxy Z Flip5", "Motorola Edge 40", "Fairphone 5",
                   "Sony Xperia 1 V", "Galaxy A54", "Oppo Find X5"],
        "user": [
            "New phone day! Switched to the {v}.",
            "Dropped my {p} down the stairs, so it's a {v} now.",
            "The battery on this {v} is amazing, lasts two days easily.",
            "User's phone: {v} (replaced the {p}).",
            "Can't get WhatsApp backups working on my {v}, any ideas?",
            "Finally upgraded to a {v}, the camera is unreal.",
            "Traded in the old {p} and got a {v} on contract.",
            "My {v} keeps overheating when I use maps, annoying.",
            "Setting up the new {v} — transferring all the photos took ages.",
            "Bought the {v} in the Diwali sale, full paisa vasool.",
            "Mate talked me into a {v}, no regrets so far.",
            "User has a {v}.",
            "Put a case on the {v} straight away, not making that mistake again.",
        ],
        "now": ["What phone does the user have now?", "Which phone does the user currently use?",
                "user phone model", "What's the user's phone these days?", "user current phone",
                "What handset is the user using at the moment?"],
        "before": ["What phone did the user have before?", "What was the user's previous phone?",
                   "Which phone did the user use to have?"],
        "year": ["What phone did the user use in {year}?", "user phone {year}"],
        "other": ["{who} finally got a {v}.", "{who} is showing off a new {v}.", "{who} switched to a {v}."],
        "other_q": ["What phone does the user's {rel} have now?", "user {rel} phone current"],
    },
    "dog": {
        "values": ["Biscuit", "Pepper", "Bruno", "Luna", "Rolo", "Maple", "Ziggy", "Nala", "Otis", "Coco",
                   "Banjo", "Tilly", "Rocky", "Frieda", "Moti"],
        "user": [
            "We adopted a dog!! Her name is {v}.",
            "{v} chewed through another lead this morning.",
            "Took {v} to the vet for his jabs, all fine.",
            "Rescue pup arrived today, we're calling him {v}.",
            "User has a dog called {v}.",
            "Still miss {p} every day, but little {v} is helping.",
            "{v} finally learned to sit on command, proud dog mum moment.",
            "Walking {v} at 6am in the rain, the things we do.",
            "Collected the new puppy, {v}, from the breeder this arvo.",
            "Our dog is {v} now — {p} went to live with my parents on the farm.",
            "Booked {v} into doggy daycare on Tuesdays.",
            "Two walks a day with {v}, he loves the Stadtpark.",
            "User's dog: {v} (after {p}).",
        ],
        "now": ["What is the user's dog called now?", "What's the name of the user's current dog?",
                "user dog name", "Which dog does the user have these days?", "user current dog",
                "What's the user's dog's name at the moment?"],
        "before": ["What was the user's previous dog called?", "Which dog did the user have before?",
                   "What dog did the user use to have?"],
        "year": ["What was the user's dog called in {year}?", "user dog {year}"],
        "other": ["{who} got a puppy called {v}.", "{who} adopted a rescue dog named {v}.",
                  "{who} brought the new dog, {v}, round for tea."],
        "other_q": ["What is the user's {rel}'s dog called now?", "user {rel} dog name"],
    },
    "gym": {
        "values": ["PureGym", "The Gym Group", "Anytime Fitness", "Planet Fitness", "Gold's Gym", "Cult.fit",
                   "F45", "Snap Fitness", "McFit", "Virgin Active", "Equinox", "Crunch Fitness",
                   "Fitness First", "Jetts", "Better Leisure Centre"],
        "user": [
            "Signed up at {v}, 25 a month, not bad.",
            "Cancelled my {p} membership, joined {v} instead, it's closer.",
            "Leg day at {v} and I can't feel my legs.",
            "The {v} near work is always rammed at 6pm.",
            "User's gym: {v} (switched from {p}).",
            "First class at {v} tonight, the instructor was brutal.",
            "My {v} app keeps logging me out, can't book sessions.",
            "Switched gyms — going to {v} now.",
            "{v} has a sauna, which honestly sold it for me.",
            "Membership at {v} activated, six months paid upfront.",
            "The squat racks at {v} are always free at 5am, bless.",
            "Went to {v} three times this week, new record.",
            "User goes to {v}.",
        ],
        "now": ["Which gym does the user go to now?", "What is the user's current gym?", "user gym",
                "Where does the user work out these days?", "user current gym",
                "Which gym is the user a member of?"],
        "before": ["Which gym did the user go to before?", "What was the user's previous gym?",
                   "Where did the user use to work out?"],
        "year": ["Which gym did the user go to in {year}?", "user gym {year}"],
        "other": ["{who} joined {v}.", "{who} trains at {v} these days.", "{who} is a member at {v} now."],
        "other_q": ["Which gym does the user's {rel} go to now?", "user {rel} gym"],
    },
    "car": {
        "values": ["Toyota Corolla", "Ford Fiesta", "VW Golf", "Tesla Model 3", "Honda Civic", "Mazda CX-5",
                   "Hyundai Creta", "Maruti Swift", "Kia Sportage", "BMW 3 Series", "Skoda Octavia",
                   "Subaru Outback", "Toyota RAV4", "Nissan Leaf", "Mini Cooper"],
        "user": [
            "Picked up the {v} from the dealer today!",
            "Sold the {p}, we're a {v} family now.",
            "The {v} needs new tyres already, brilliant.",
            "User drives a {v}.",
            "Car's in for its MOT, the {v} failed on a brake light lol.",
            "Finally got the keys to my {v}, took months to be delivered.",
            "Filled up the {v}, fuel prices are mad.",
            "Test drove a few and went with the {v}.",
            "Someone dinged the door of my {v} in the supermarket car park.",
            "Our new car is a {v} — the {p} went to my nephew.",
            "Took the {v} on its first long road trip up the coast.",
            "Booked the {v} in for its first service on Saturday.",
            "User's car: {v} (previously a {p}).",
        ],
        "now": ["What car does the user drive now?", "What is the user's current car?", "user car",
                "Which car does the user have these days?", "user current car model",
                "What's the user driving at the moment?"],
        "before": ["What car did the user drive before?", "What was the user's previous car?",
                   "Which car did the user use to have?"],
        "year": ["What car did the user drive in {year}?", "user car {year}"],
        "other": ["{who} bought a {v}.", "{who} drives a {v} now.", "{who} picked me up in a new {v}."],
        "other_q": ["What car does the user's {rel} drive now?", "user {rel} car"],
    },
    "partner": {
        "values": ["Sophie", "Jamie", "Arjun", "Hannah", "Marcus", "Leonie", "Ravi", "Chloe", "Daniel", "Mia",
                   "Tobias", "Imogen", "Nikhil", "Emily", "Carlos"],
        "user": [
            "Been seeing {v} for a few weeks now, it's going really well.",
            "{p} and I are done. Weirdly, {v} asked me out the week after.",
            "Date night with {v} at the Thai place.",
            "User's partner is {v}.",
            "Moved in with {v}, their stuff is everywhere now.",
            "{v} met my parents at the weekend, went fine I think.",
            "Anniversary dinner with {v} on Friday, need to book somewhere.",
            "My other half {v} says hi.",
            "Got engaged to {v}!!! Still shaking.",
            "Split with {p}. Long story. Met {v} at a friend's barbecue and we clicked.",
            "Told Mum about {v}, she wants to meet them at Diwali.",
            "User is dating {v} (broke up with {p}).",
            "{v} and I have been together a while now, feels easy.",
        ],
        "now": ["Who is the user's partner now?", "Who is the user currently dating?", "user partner name",
                "Who is the user with these days?", "user current partner",
                "What's the name of the user's other half?"],
        "before": ["Who was the user's partner before?", "Who did the user date previously?",
                   "Who did the user use to go out with?"],
        "year": ["Who was the user's partner in {year}?", "user partner {year}"],
        "other": ["{who} is seeing someone called {v}.", "{who} brought {v} to the party, it seems serious.",
                  "{who} got together with {v} recently."],
        "other_q": ["Who is the user's {rel} dating now?", "user {rel} partner"],
    },
    "food": {
        "values": ["ramen", "butter chicken", "fish and chips", "tacos", "pho", "schnitzel", "masala dosa",
                   "sushi", "lasagne", "pad thai", "dumplings", "shakshuka", "pierogi", "paneer tikka",
                   "meat pie", "currywurst"],
        "user": [
            "My favourite food these days is {v}, can't get enough.",
            "Honestly {v} is the best thing ever invented.",
            "Had {v} three nights in a row, no shame.",
            "Used to be all about {p}, but now it's {v} every time.",
            "User's favourite food: {v}.",
            "If I could eat one thing forever it'd be {v}.",
            "Found a place that does proper {v}, I'm obsessed.",
            "Craving {v} again, second time this week.",
            "Made {v} from scratch tonight, nailed it.",
            "New favourite unlocked: {v}.",
            "Nothing beats {v} after a long shift.",
            "Ordered {v} on Swiggy again, my comfort food now.",
            "User's favourite food is now {v} (it used to be {p}).",
        ],
        "now": ["What is the user's favourite food now?", "What food does the user currently love most?",
                "user favourite food", "What's the user's go-to dish these days?", "user current favourite dish",
                "Which food is the user obsessed with at the moment?"],
        "before": ["What was the user's favourite food before?", "What did the user use to love eating most?",
                   "What was the user's previous favourite dish?"],
        "year": ["What was the user's favourite food in {year}?", "user favourite food {year}"],
        "other": ["{who} is obsessed with {v} lately.", "{who} says {v} is the best food in the world.",
                  "{who} only wants {v} for dinner these days."],
        "other_q": ["What is the user's {rel}'s favourite food now?", "user {rel} favourite food"],
    },
    "team": {
        "values": ["Arsenal", "Liverpool", "Chicago Cubs", "Green Bay Packers", "Mumbai Indians",
                   "Chennai Super Kings", "Collingwood", "Sydney Swans", "Bayern Munich", "Borussia Dortmund",
                   "Boston Celtics", "Leeds United", "Melbourne Storm", "Manchester City", "New York Yankees"],
        "user": [
            "Got a season ticket for {v}!",
            "Gave up on {p} after that season, I support {v} now.",
            "{v} lost again, I need a new hobby.",
            "User supports {v}.",
            "Watching {v} at the pub tonight.",
            "Bought the new {v} shirt, my wife says it's my fifth.",
            "What a game from {v}!!! Still screaming.",
            "Been following {v} closely this season.",
            "My team is {v} now, don't judge.",
            "Booked flights to see {v} play in the final.",
            "Can't believe {v} signed that guy.",
            "Dad converted me, we're a {v} household now.",
            "User's team: {v} (used to follow {p}).",
        ],
        "now": ["Which team does the user support now?", "What sports team does the user currently follow?",
                "user team", "Who does the user cheer for these days?", "user current sports team",
                "Which club is the user a fan of?"],
        "before": ["Which team did the user support before?", "What team did the user use to follow?",
                   "What was the user's previous team?"],
        "year": ["Which team did the user support in {year}?", "user sports team {year}"],
        "other": ["{who} supports {v} now, traitor.", "{who} got tickets to see {v}.",
                  "{who} has become a massive {v} fan."],
        "other_q": ["Which team does the user's {rel} support now?", "user {rel} team"],
    },
    "course": {
        "values": ["pottery", "life drawing", "salsa dancing", "web development", "first aid",
                   "watercolour painting", "Krav Maga", "photography", "data science", "creative writing",
                   "bookkeeping", "woodworking", "stand-up comedy", "digital marketing", "cake decorating"],
        "user": [
            "Signed up for a {v} course at the community college, starts Tuesday.",
            "Dropped the {p} class, it wasn't for me. Doing {v} now.",
            "Homework for {v} is due tomorrow and I've done none of it.",
            "User is taking a {v} course.",
            "First {v} class tonight, nervous!",
            "My {v} teacher said I'm a natural, lol.",
            "Paid the fees for the {v} certificate, no backing out now.",
            "Missed {v} class again because of work.",
            "Week four of {v}, finally getting the hang of it.",
            "The {v} evening class is the highlight of my week.",
            "Enrolled in {v} at the Volkshochschule, Wednesdays 18:00.",
            "Finished {p}, moving on to {v} next term.",
            "User's course: {v} (finished {p}).",
        ],
        "now": ["What class is the user taking now?", "Which course is the user currently enrolled in?",
                "user course", "What is the user studying these days?", "user current class",
                "What evening class does the user attend at the moment?"],
        "before": ["What class did the user take before?", "What was the user's previous course?",
                   "Which course did the user use to attend?"],
        "year": ["What course was the user taking in {year}?", "user class {year}"],
        "other": ["{who} signed up for a {v} course.", "{who} is doing a {v} class on Mondays.",
                  "{who} started learning {v}."],
        "other_q": ["What course is the user's {rel} taking now?", "user {rel} class"],
    },
    "school": {
        "values": ["Oakfield Primary", "St Mary's Primary", "Lincoln Elementary", "Delhi Public School",
                   "Kendriya Vidyalaya", "Greenwood Academy", "Hillcrest Elementary", "Grundschule am Park",
                   "Montessori Kinderhaus", "Maple Grove Elementary", "Ryan International School",
                   "Bondi Public School", "Westfield Infants", "Sacred Heart Primary", "Brighton Grammar"],
        "user": [
            "Leo started at {v} today, he didn't even look back.",
            "The school run to {v} is chaos every morning.",
            "Got the letter — our daughter got a place at {v}!",
            "User's child attends {v}.",
            "Parents' evening at {v} on Thursday.",
            "Moved the kids out of {p}, they're at {v} now.",
            "Need to buy the {v} uniform before the new term.",
            "{v} wants us to volunteer for the bake sale, again.",
            "PTA meeting at {v}, two hours of my life gone.",
            "Admission at {v} confirmed, the fees are steep but worth it.",
            "Our son's new school is {v}, he already has a best friend.",
            "User's kid changed school: now at {v} (was at {p}).",
            "Sports day at {v}, I came last in the parents' race.",
        ],
        "now": ["Which school does the user's child go to now?", "What school is the user's kid currently at?",
                "user child school", "Where do the user's kids go to school these days?",
                "user kid current school", "What's the name of the user's child's school?"],
        "before": ["Which school did the user's child go to before?", "What was the kid's previous school?",
                   "Where did the user's child use to go to school?"],
        "year": ["Which school was the user's child at in {year}?", "user child school {year}"],
        "other": ["{who} has enrolled the kids at {v}.", "{who} moved the children to {v}.",
                  "{who} is on the parents' committee at {v} now."],
        "other_q": ["Which school do the user's {rel}'s kids go to now?", "user {rel} kids school"],
    },
    "book_club": {
        "values": ["The Tuesday Readers", "Chapter and Verse", "Novel Ideas", "The Page Turners",
                   "Spine Crackers", "Books and Brews", "Lit Wits", "The Margin Notes", "Wine and Words",
                   "Shelf Indulgence", "The Bookmarks", "Plot Twisters", "Dog-Eared Society",
                   "Between the Covers", "The Reading Room"],
        "user": [
            "Joined a book club called {v}, first meeting is Thursday.",
            "{v} picked the most depressing novel again.",
            "Left {p}, too much wine and not enough books. Joined {v}.",
            "User's book club: {v}.",
            "Hosting {v} at ours this month, need snacks.",
            "Haven't finished the book for {v} and it's tomorrow.",
            "My book club ({v}) is reading Middlemarch, send help.",
            "Loved tonight's {v} meeting, great discussion.",
            "I'm in {v} now — we meet at the library every other Sunday.",
            "Quit {p} and switched to {v}, much friendlier lot.",
            "The {v} WhatsApp group is blowing up about the ending.",
            "User changed book clubs: now {v} (left {p}).",
        ],
        "now": ["Which book club is the user in now?", "What's the user's current book club?", "user book club",
                "What reading group does the user go to these days?", "user current book club name",
                "Which book club does the user belong to?"],
        "before": ["Which book club was the user in before?", "What was the user's previous book club?",
                   "Which reading group did the user use to go to?"],
        "year": ["Which book club was the user in in {year}?", "user book club {year}"],
        "other": ["{who} joined {v}, the book club.", "{who} goes to {v} book club now.",
                  "{who} is hosting {v} this month."],
        "other_q": ["Which book club is the user's {rel} in now?", "user {rel} book club"],
    },
}

PEOPLE = [("uncle", "Rajesh"), ("neighbour", "Brigitte"), ("flatmate", "Callum"), ("best friend", "Keisha")]
WHO = ["my {rel} {name}", "{name}, my {rel},", "my {rel}", "{name} (my {rel})"]

# ---------------------------------------------------------------- filler -----
PERSONAS = {
    "uk": [
        "Kettle's broken, so that's the morning ruined.",
        "Popped to Boots for plasters and came out with forty quid of stuff.",
        "The bin men didn't come again, third week running.",
        "Rained all day, proper miserable.",
        "Made a roast for six, there were no leftovers.",
        "Got stuck in the queue at the post office for half an hour.",
        "Bank holiday weekend and I did absolutely nothing, bliss.",
        "Mum rang to tell me about her neighbour's hedge for forty minutes.",
        "Council tax went up again, brilliant.",
        "Bought a new duvet, the old one was basically a tea towel.",
        "The trains were cancelled because of leaves on the line, honestly.",
        "Watched Bake Off with a cuppa, perfect evening.",
        "Need to remember to put the clocks back this weekend.",
        "The boiler engineer is coming between 8 and 6, helpful.",
        "Found a tenner in my coat pocket, best thing all week.",
        "Spent ages choosing paint for the hallway, went with grey like everyone else.",
        "Had a pint in the beer garden while it was briefly sunny.",
        "Sorted the recycling, the blue bin is overflowing.",
        "Took the bus into town and forgot my umbrella, obviously.",
        "Hayfever is ruining me this year.",
        "Finished a jigsaw of the Cornish coast, a thousand pieces.",
        "My nan turns ninety next month, planning a little do.",
        "Queued for a sausage roll at the station, worth it.",
        "Got soaked walking back from the shops.",
        "Rewatched Fawlty Towers, still funny.",
        "Booked a cottage in the Lakes for half term.",
        "Wrote Christmas cards for the whole street this year.",
        "Hoovered the stairs, feel very adult.",
        "Washing machine flooded the kitchen, fab.",
        "Bonfire night was freezing but the fireworks were lovely.",
    ],
    "us": [
        "Grabbed a cold brew on the way to the DMV, waited two hours.",
        "Thanksgiving prep is officially underway, the turkey is thawing.",
        "Did my taxes, I think I owe, ugh.",
        "Mowed the lawn before the HOA complains again.",
        "Super humid today, my hair is a disaster.",
        "Finally binged the new season everyone's been talking about.",
        "Costco run, somehow spent $300 on snacks and paper towels.",
        "Got a jury duty summons, fingers crossed they dismiss me.",
        "Fourth of July fireworks kept the whole block up.",
        "Tried a new hiking trail, totally worth the sunburn.",
        "Spent Saturday cleaning out the garage.",
        "The AC unit is making a rattling sound again.",
        "Picked up groceries curbside, so convenient.",
        "Texted my sister about spring break plans.",
        "Planted tomatoes on the deck, let's see if they survive.",
        "Had brunch with friends, bottomless mimosas were a mistake.",
        "Our power went out during the storm for six hours.",
        "Meal prepped chicken and rice for the week.",
        "My Amazon package got delivered to the wrong house again.",
        "Carved pumpkins with the neighbors' kids.",
        "Took a long drive out to the lake just to clear my head.",
        "Signed up to volunteer at the food bank next weekend.",
        "Got my flu shot at the pharmacy.",
        "Super Bowl party at Jen's was fun even though I don't follow football.",
        "Renewed my passport finally.",
        "Raked leaves for two hours, my back hurts.",
        "Ordered a pizza and watched a documentary about octopuses.",
        "Tried a spin class at a friend's place, never again.",
        "Got a parking ticket outside the dentist, perfect.",
        "Block party on Saturday, I'm bringing mac and cheese.",
    ],
    "in": [
        "Power cut for three hours again, the inverter saved us.",
        "Monsoon has started, roads are flooded near the market.",
        "Made chai for the whole family, Papa says too much sugar.",
        "Cousin's wedding next month, need to get my kurta stitched.",
        "Auto driver refused to go by meter, had to argue for ten minutes.",
        "Went for the evening aarti at the temple with Amma.",
        "The water purifier service guy is coming tomorrow.",
        "Diwali cleaning has begun, the whole house smells of phenyl.",
        "Traffic on the flyover was insane today, two hours for 12 km.",
        "Had pani puri at the corner stall, worth the risk.",
        "Relatives are visiting for the weekend, the house is full.",
        "Electricity bill came very high this month due to AC.",
        "Booked Tatkal tickets at 10am sharp, got waitlisted anyway.",
        "Amma is making gulab jamun for the function.",
        "The maid is on leave, so I washed utensils after ages.",
        "Got my Aadhaar address updated finally.",
        "Ordered mangoes from the village, best season of the year.",
        "Neighbour aunty sent halwa, very kind of her.",
        "Holi colours still on my hands after three days.",
        "Paid the society maintenance, they increased it again.",
        "Went to a Navratri garba night, danced till midnight.",
        "Exam season for my nephew, the whole house is silent.",
        "It's 42 degrees outside, not stepping out till evening.",
        "Had a long call with my bua about property papers.",
        "The milkman came late, no tea till 8.",
        "Bought new curtains from Sarojini, bargained well.",
        "Pongal celebrations at my aunt's place, so much food.",
        "Wedding season, three invites in one weekend.",
        "Got the gas cylinder delivered, finally.",
        "Rangoli outside the door came out really nice this time.",
    ],
    "au": [
        "Stinking hot today, 38 and no breeze.",
        "Arvo at the beach, water was freezing though.",
        "Had a sausage sizzle at Bunnings, a Saturday tradition.",
        "Magpie swooped me on the way to the shops, cheeky bugger.",
        "Chucked some prawns on the barbie for the neighbours.",
        "Spotted a huntsman in the laundry, moved out for the night lol.",
        "Heading to the servo for milk and a pie.",
        "Slip slop slap, still got burnt.",
        "Bushfire smoke is hanging over everything today.",
        "Caught up with the crew for a few schooners.",
        "Went camping up the coast, the stars were unreal.",
        "Got my tax return sorted early for once.",
        "Mozzies are out in force tonight.",
        "Brekkie at the local cafe, smashed avo of course.",
        "Storm rolled in at four, hail the size of golf balls.",
        "Mowing the nature strip again, council never does it.",
        "Bought a new esky for the long weekend.",
        "Kids were at Nippers all morning.",
        "Saw a mob of roos on the drive home.",
        "Op shop find of the week: a perfect denim jacket.",
        "Christmas lunch at the beach, as you do.",
        "Reckon it's going to rain for the whole long weekend.",
        "Swam between the flags, the surf was massive.",
        "Had a yarn with the old fella next door for an hour.",
        "Thongs broke halfway through the walk, had to go barefoot.",
        "Got a flat white and a sausage roll, breakfast of champions.",
        "Fixed the flyscreen door, only took three goes.",
        "Bin chicken stole half my sandwich at the park.",
        "Power bill is through the roof this quarter.",
        "Trivia night at the RSL, came second.",
    ],
    "de": [
        "Sunday, so all shops closed, forgot to buy bread again.",
        "Returned the Pfand bottles, got almost 6 euros.",
        "The Deutsche Bahn was 40 minutes late, normal.",
        "Went to the Weihnachtsmarkt, had two Glühwein.",
        "Sorted the trash into five bins, the Hausmeister is watching.",
        "Spargel season has started, had it with Hollandaise.",
        "Kaffee und Kuchen at my aunt's, the Apfelstrudel was very good.",
        "Filled out the Anmeldung form, bureaucracy is a sport here.",
        "Quiet hours after 22:00, so no drilling tonight.",
        "Went for a Spaziergang in the forest, very calm.",
        "Tax declaration done with Elster, finally.",
        "It is very grey outside, typical November.",
        "Bought Brötchen at the bakery before 7.",
        "Karneval in town, everyone is dressed as something.",
        "The heating in the Altbau is not working properly again.",
        "Had a Feierabendbier on the balcony.",
        "Oktoberfest tent was full, we stood outside.",
        "Made a Sonntagsbraten for the family.",
        "My landlord sent the Nebenkosten bill, more expensive than last year.",
        "The neighbours complained about the bicycle in the hallway.",
        "Rode the bike to the Baggersee, water was perfect.",
        "Played Skat with my grandfather, he won as always.",
        "Another Termin at the Bürgeramt, booked for March.",
        "Bought a Bahncard, hopefully worth it.",
        "Went to the flea market, found an old radio.",
        "Snow in the morning, the trams stopped for an hour.",
        "The Apotheke had the cough syrup, good.",
        "The Tatort on Sunday was very confusing.",
        "Grilled Bratwurst with the colleagues after work.",
        "Silvester fireworks in our street were crazy.",
    ],
}

# everyday lines that use a slot's words but state no value
SLOT_WORDS = [
    "Need to find a better gym, the changing rooms at mine are grim.",
    "Skipped the gym again, tomorrow for sure.",
    "Gym was packed, gave up after twenty minutes.",
    "The car is making a clunking noise when I turn left.",
    "Car insurance renewal came in and it's up 20%.",
    "Cleaned the car inside and out, found three pens and a sock.",
    "The neighbours' cat keeps sleeping on my car bonnet.",
    "My phone screen has a crack right across the middle now.",
    "Phone storage full again, deleting memes.",
    "Left my phone charger at work, 4% battery, panic.",
    "Helped Papa set up UPI on his phone, took an hour.",
    "Dog hair on every single piece of clothing I own.",
    "The dog stole a whole sausage off the counter.",
    "Dog food prices have gone up again.",
    "The commute was awful today, signal failure.",
    "Work has been mental this week, so many meetings.",
    "My boss wants a meeting tomorrow, no agenda, terrifying.",
    "Thinking about looking for a new job at some point, but not yet.",
    "Rent went up again, might have to think about moving one day.",
    "Our lease renewal is due, the landlord hasn't said anything yet.",
    "Missed my class this week because of the flu.",
    "Course fees are due at the end of the month.",
    "Date night got cancelled, the babysitter fell through.",
    "My partner's snoring is getting worse, need earplugs.",
    "Fancy trying a new restaurant this weekend, no idea where.",
    "Ate way too much at lunch, food coma.",
    "My favourite jumper shrank in the wash.",
    "Watched the match at a mate's, what a finish.",
    "The season starts next week, can't wait.",
    "Footy tipping comp at work, I'm coming last.",
    "Watched the cricket with the whole colony, what a chase.",
    "Went to a baseball game with coworkers, got a foam finger.",
    "School holidays are coming and I have no plan for childcare.",
    "The school sent another email about head lice.",
    "Packed lunches for the kids, forgot the juice boxes.",
    "Book club book is 600 pages, I'm on page 40.",
    "Haven't picked a book for the club yet, suggestions welcome.",
    "Parking in this city is a nightmare.",
    "Took the ute to the tip with all the garden waste.",
    "The kids want a second dog, absolutely not.",
]

TAILS = ["", " Anyway.", " Such is life.", " lol", " Send coffee.", " Whatever.", " Moving on.", " Meh.",
         " Small wins.", " Ha."]

TIMES = ["This morning I", "After work I", "Sunday afternoon I", "Last night I", "On my lunch break I",
         "Tonight I", "Yesterday I", "Over the weekend I", "First thing today I", "Late last night I",
         "Just now I", "Earlier today I", "On Saturday I", "Around midday I", "In the evening I",
         "After dinner I", "At the crack of dawn I", "Before bed I", "On my day off I", "This arvo I"]
ACTS = ["repotted the basil", "cleared out the junk drawer", "called my grandmother", "finished a crossword",
        "ironed a mountain of shirts", "wrote a long email to an old friend", "fixed the wobbly table leg",
        "tidied the spare room", "made a big pot of soup", "read three chapters of a thriller",
        "went for a long walk", "paid the bills", "defrosted the freezer", "put up some shelves",
        "did a face mask", "sorted through old photos", "baked a loaf of sourdough", "washed the windows",
        "organised the spice rack", "watched a nature documentary", "knitted half a scarf", "cleaned the oven",
        "unsubscribed from fifty newsletters", "planned next week's meals", "changed the bedsheets",
        "descaled the kettle", "painted my nails", "listened to an old album", "backed up my laptop",
        "folded the laundry", "wrote in my journal", "fed the ducks at the pond", "tried a new bread recipe",
        "glued the broken mug", "watered the plants", "swept the balcony", "did some stretching",
        "replaced the smoke alarm battery", "made lemonade", "cleaned out the fridge",
        "sewed a button back on", "had a nap", "caught up on emails", "helped a neighbour carry shopping",
        "rearranged the living room", "made pancakes", "played chess online", "edited holiday photos",
        "wrapped birthday presents", "untangled the fairy lights"]
CODAS = ["", ", which felt good", ", not sure why", " and then had a cup of tea", ", finally", ", long overdue",
         " while it poured outside", " with the radio on", ", very satisfying", " and lost track of time",
         ", no regrets", " before anyone else woke up", ", as promised", " and called it a day"]


# ---------------------------------------------------------------- generation -
def _span() -> tuple[datetime, datetime]:
    import knowledge_updates as ku
    return ku.START, ku.NOW


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _between(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    return (lo + timedelta(seconds=rng.randrange(int((hi - lo).total_seconds())))).replace(second=0)


def _dates(rng: random.Random, changes: int, start: datetime, now: datetime) -> list[datetime]:
    """First statement in the span's first year (autumn), each change in a distinct later month."""
    y = start.year
    first = _between(rng, max(start + timedelta(days=2), datetime(y, 9, 2, tzinfo=timezone.utc)),
                     datetime(y, 12, 15, tzinfo=timezone.utc))
    months = sorted(rng.sample(range(1, now.month if now.year == y + 1 else 10), changes))
    later = [_between(rng, datetime(y + 1, m, 2, 8, tzinfo=timezone.utc), datetime(y + 1, m, 27, 21,
                                                                                  tzinfo=timezone.utc))
             for m in months]
    return [first] + later


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    start, now = _span()
    year = start.year
    rng = random.Random(f"blind9-ku/{seed}/{user}")
    persona = sorted(PERSONAS)[(user + seed) % len(PERSONAS)]
    memories: list[dict] = []
    questions: list[dict] = []

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        memories.append({"content": content, "created": _iso(when), **({"fact": label} if label else {})})

    user_values: dict[str, set] = {}
    for slot, spec in SLOTS.items():
        changes = rng.choice((2, 3))
        values = rng.sample(spec["values"], changes + 1)
        user_values[slot] = set(values)
        dates = _dates(rng, changes, start, now)
        plain = [t for t in spec["user"] if "{p}" not in t]
        used: set = set()
        for index, (value, when) in enumerate(zip(values, dates)):
            pool = [t for t in (plain if index == 0 else spec["user"]) if t not in used]
            template = rng.choice(pool)
            used.add(template)
            text = template.format(v=value, p=values[index - 1] if index else "")
            add(text, when, {"subject": "user", "slot": slot, "index": index, "value": value})
        current = len(values) - 1
        for q in rng.sample(spec["now"], 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": values})
        questions.append({"question": rng.choice(spec["year"]).format(year=year), "subject": "user",
                          "slot": slot, "tense": "before", "gold": 0, "values": values})
    for rel, name in PEOPLE:
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            changes = rng.choice((1, 2))
            pool = [v for v in spec["values"] if v not in user_values[slot]]
            values = rng.sample(pool, changes + 1)
            dates = _dates(rng, changes, start, now)
            templates = rng.sample(spec["other"], len(values))
            for index, (value, when, template) in enumerate(zip(values, dates, templates)):
                who = rng.choice(WHO).format(rel=rel, name=name)
                text = template.format(who=who, v=value)
                add(text[0].upper() + text[1:], when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(values) - 1, "values": values})
    seen = {_key(m["content"]) for m in memories}
    own = PERSONAS[persona] + SLOT_WORDS
    attempts = 0
    while len(memories) < size and attempts < size * 30:
        attempts += 1
        r = rng.random()
        if r < 0.3:
            text = rng.choice(own) + rng.choice(TAILS)
        elif r < 0.36:
            text = rng.choice(PERSONAS[rng.choice(sorted(PERSONAS))])
        else:
            text = f"{rng.choice(TIMES)} {rng.choice(ACTS)}{rng.choice(CODAS)}."
        if _key(text) not in seen:
            seen.add(_key(text))
            add(text, _between(rng, start, now - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    try:
        import knowledge_updates as ku
        for q in questions:
            q["kind"] = ku._kind(q["question"])
    except Exception:
        for q in questions:
            q["kind"] = q["tense"]
    return {"split": "blind9", "user": user, "seed": seed, "now": _iso(now), "memories": memories,
            "questions": questions}


# ---------------------------------------------------------------- checks -----
def _key(text: str) -> str:
    """Text as a store may compare it: lower case, words only."""
    return " ".join(re.findall(r"\w+", text.lower()))


def _mentions(text: str, value: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(value.lower()) + r"(?![\w])", text.lower()) is not None


def self_check() -> None:
    for slot, spec in SLOTS.items():
        assert 12 <= len(spec["values"]) <= 16, slot
        assert len(set(spec["values"])) == len(spec["values"]), slot
        assert len(spec["user"]) >= 10 and len(set(spec["user"])) == len(spec["user"]), slot
        assert sum("{p}" not in t for t in spec["user"]) >= 5, slot
        assert all("{v}" in t for t in spec["user"] + spec["other"]), slot
        assert len(spec["now"]) >= 6 and len(spec["before"]) >= 3, slot
        assert len(spec["year"]) >= 2 and all("{year}" in q for q in spec["year"]), slot
        assert len(spec["other"]) >= 3 and all("{rel}" in q for q in spec["other_q"]), slot
    filler = [line for lines in PERSONAS.values() for line in lines] + SLOT_WORDS
    assert len(set(filler)) >= 150 and len(SLOT_WORDS) >= 30
    values = [v for spec in SLOTS.values() for v in spec["values"]]
    names = [n for _, n in PEOPLE]
    for line in filler + [f"{t} {a}{c}." for t in TIMES for a in ACTS for c in CODAS[:1]]:
        for v in values + names:
            assert not _mentions(line, v), (line, v)
    for v in SLOTS["partner"]["values"] + SLOTS["dog"]["values"]:
        assert v not in names
    start, now = _span()
    for user in range(5):
        a, b = generate(300, user, 1), generate(300, user, 1)
        assert a == b, "not deterministic"
        mem = a["memories"]
        assert len(mem) == 300 and len({_key(m["content"]) for m in mem}) == 300
        assert [m["created"] for m in mem] == sorted(m["created"] for m in mem)
        assert all(_iso(start) <= m["created"] < _iso(now) for m in mem)
        facts = {}
        for m in mem:
            if "fact" in m:
                f = m["fact"]
                assert _mentions(m["content"], f["value"]), m
                facts[(f["subject"], f["slot"], f["index"])] = m
            else:
                assert not any(_mentions(m["content"], v) for v in values), m
        user_q = [q for q in a["questions"] if q["subject"] == "user"]
        assert len(user_q) == 4 * len(SLOTS)
        assert len(a["questions"]) - len(user_q) == 3 * len(PEOPLE)
        for q in a["questions"]:
            m = facts[(q["subject"], q["slot"], q["gold"])]
            assert m["fact"]["value"] == q["values"][q["gold"]]
            if q["tense"] == "now":
                assert q["gold"] == len(q["values"]) - 1
                assert (q["subject"], q["slot"], q["gold"] + 1) not in facts
            if str(start.year) in q["question"]:
                assert q["gold"] == 0 and m["created"].startswith(str(start.year))
        for (s, slot, i), m in facts.items():
            if i:
                assert m["created"] > facts[(s, slot, i - 1)]["created"]
                assert m["created"].startswith(str(start.year + 1))
    small = generate(100, 0, 0)
    assert len(small["memories"]) == 100


# ---------------------------------------------------------------- running ----
