"""Knowledge-update set blind7: in the style of the memories an AI coding/personal agent
writes about its user over months.

Written by a helper session that read none of the statement parser, the ranking
or the bench's own lists (only the data format of knowledge_updates.py).
Measured blind at fb9842e (current@1 0.365 at 1,000) and after the departures (0.385); then read for
classes once (fifth session of 2026-12-01: searches an agent types, "User ...; they ...").

    python3 bench/knowledge_updates.py --split blind7 --mode library

A simulated user's facts (home city, employer, phone, dog, gym, car, partner,
favourite food, sports team, class, language being learned, code editor)
change two or three times between autumn 2024 and autumn 2025; four other
people's facts change once or twice. The facts are stated as agent notes
(third person), the user's own words (first person), notes holding a fact plus
context, and notes saying what ended ("quit X and joined Y"), among filler of
the kind an agent stores. Questions ask for the current value (now) and for
the previous and the 2024 value (before).
"""
from __future__ import annotations

import random
import re
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import knowledge_updates as ku


START, NOW = ku.START, ku.NOW
YEAR = START.year  # the first year of the span: every slot's first value is stated in it

# --- the user's slots ----------------------------------------------------------
# third: agent notes in the third person; first: the user's own words; two: a fact
# plus context or a second fact; ended: a change that names what ended ({old}).

SLOTS: dict[str, dict] = {
    "city": {
        "values": ["Lisbon", "Denver", "Rotterdam", "Austin", "Melbourne", "Toronto", "Edinburgh", "Valencia",
                   "Portland", "Leipzig", "Montreal", "Wellington", "Porto", "Seattle"],
        "third": ["The user mentioned they relocated to {v} for their partner's job.",
                  "User lives in {v}.",
                  "User's home base is {v}; schedule meetings in that time zone.",
                  "User has settled in {v} and says the rent is brutal."],
        "first": ["User said: \"we're in {v} now, still unpacking boxes.\"",
                  "I just signed a lease in {v}, so that's home for the next while.",
                  "User: \"finally moved to {v}, the flat has a tiny balcony.\"",
                  "Moving day went fine, I'm officially a {v} resident now."],
        "two": ["User moved to {v}; their new flat is a 10-minute walk from the train station.",
                "User lives in {v} now and works from a coworking space two days a week."],
        "ended": ["User moved out of {old} and now lives in {v}.",
                  "User left {old} after the lease ran out; they're based in {v} now."],
        "now": ["Where does the user live now?", "What city is the user currently based in?",
                "Which city does the user live in these days?", "Where is the user living at the moment?",
                "Where does the user live?", "user current home city", "Is the user still living in the same city? Which one?"],
        "before": ["Where did the user live before?", "What city was the user based in previously?",
                   "Which city did the user use to live in?", "user previous home city"],
        "year": ["Where did the user live in {year}?", "Which city was the user based in during {year}?",
                 "user home city {year}"],
        "other": ["{who} just moved to {v}.", "{who} lives in {v} now.", "{who} relocated to {v} for work."],
        "other_q": ["Where does the user's {rel} live now?", "Which city is the user's {rel} currently in?"],
    },
    "employer": {
        "values": ["Shopify", "Spotify", "Atlassian", "Stripe", "Siemens", "Deloitte", "Zalando", "Canonical",
                   "GitLab", "Philips", "Ubisoft", "Klarna", "Datadog", "Bosch"],
        "third": ["User now works at {v} as a data engineer.",
                  "User's employer is {v}.",
                  "User accepted an offer from {v} on the platform team.",
                  "User is employed at {v}; uses the company laptop for work code only."],
        "first": ["I got the job at {v}! Start date is the first of the month.",
                  "User said: \"work at {v} is busy, the onboarding never ends.\"",
                  "User: \"my first week at {v} was mostly meetings.\"",
                  "Signed the contract with {v} today, I'm so relieved."],
        "two": ["User started at {v}; commute is 20 minutes by bike.",
                "User joined {v} as a senior backend developer; the team uses Go and Kafka."],
        "ended": ["User quit {old} and joined {v}.",
                  "User left {old} after the reorg; they work for {v} now."],
        "now": ["Where does the user work now?", "Who is the user's current employer?",
                "Which company does the user work for these days?", "Where is the user employed at the moment?",
                "Where does the user work?", "user current employer", "Does the user still work at the same company? Where?"],
        "before": ["Where did the user work before?", "What was the user's previous employer?",
                   "Which company did the user use to work for?", "user previous employer"],
        "year": ["Where did the user work in {year}?", "Which company employed the user in {year}?",
                 "user employer {year}"],
        "other": ["{who} got a job at {v}.", "{who} works at {v} now.", "{who} switched jobs and is at {v}."],
        "other_q": ["Where does the user's {rel} work now?", "Which company does the user's {rel} currently work for?"],
    },
    "phone": {
        "values": ["Pixel 8", "iPhone 15", "Galaxy S24", "Fairphone 5", "OnePlus 12", "iPhone 13 mini",
                   "Nothing Phone 2", "Xperia 10", "Pixel 7a", "Galaxy A54", "Moto G84", "iPhone SE"],
        "third": ["User's phone is a {v}.",
                  "User uses a {v}; test the mobile layout on that screen size.",
                  "User upgraded to a {v}.",
                  "The user mentioned their daily phone is now a {v}."],
        "first": ["I finally got a {v}, the old one died.",
                  "User said: \"my {v} arrived today, setting it up now.\"",
                  "User: \"the battery on this {v} lasts two days, love it.\"",
                  "Picked up a {v} at the store, transferring my photos tonight."],
        "two": ["User got a {v}; two-factor codes need to be moved over to it.",
                "User bought a {v} on a two-year plan and a blue case for it."],
        "ended": ["Sold the {old}, bought a {v}.",
                  "User retired their {old} and switched to a {v}."],
        "now": ["What phone does the user have now?", "Which phone is the user currently using?",
                "What phone does the user use these days?", "What phone model does the user have at the moment?",
                "What phone does the user have?", "user current phone", "Does the user still use the same phone? Which one?"],
        "before": ["What phone did the user have before?", "Which phone did the user use previously?",
                   "What phone did the user use to have?", "user previous phone"],
        "year": ["What phone did the user have in {year}?", "Which phone was the user using in {year}?",
                 "user phone {year}"],
        "other": ["{who} bought a {v}.", "{who} has a {v} now.", "{who} upgraded to a {v}."],
        "other_q": ["What phone does the user's {rel} have now?", "Which phone does the user's {rel} currently use?"],
    },
    "dog": {
        "values": ["Biscuit", "Juniper", "Pepper", "Waffles", "Ziggy", "Otis", "Bruno", "Mochi",
                   "Clementine", "Rufus", "Nala", "Hank", "Peanut", "Winston"],
        "third": ["User's dog: {v} (a beagle), adopted in spring.",
                  "User has a dog named {v}.",
                  "User adopted a rescue dog called {v}.",
                  "The user's dog is {v}, a shy greyhound."],
        "first": ["We brought {v} home from the shelter today, she's a terrier mix.",
                  "User said: \"{v} chewed through another charging cable.\"",
                  "User: \"I have to leave early, {v} needs his walk.\"",
                  "Meet {v}, my new puppy! Already stole a sock."],
        "two": ["User adopted {v}, a border collie; vet appointments are on Saturdays.",
                "User's new dog {v} is a corgi and goes to daycare on Wednesdays."],
        "ended": ["User's old dog {old} passed away; they adopted {v} last month.",
                  "{old} went to live with the user's parents, and the user now has {v}."],
        "now": ["What is the user's dog called now?", "What is the name of the user's current dog?",
                "What's the user's dog's name these days?", "Which dog does the user have at the moment?",
                "What is the user's dog's name?", "user current dog name", "Does the user still have the same dog? What's its name?"],
        "before": ["What was the user's dog called before?", "What was the name of the user's previous dog?",
                   "Which dog did the user use to have?", "user previous dog"],
        "year": ["What was the user's dog called in {year}?", "Which dog did the user have in {year}?",
                 "user dog name {year}"],
        "other": ["{who} adopted a dog named {v}.", "{who} has a new puppy called {v}.",
                  "{who} got a dog, {v}."],
        "other_q": ["What is the user's {rel}'s dog called now?", "What's the name of the user's {rel}'s current dog?"],
    },
    "gym": {
        "values": ["Anytime Fitness", "Planet Fitness", "Gold's Gym", "PureGym", "Equinox", "Crunch Fitness",
                   "Basic-Fit", "Virgin Active", "F45", "Snap Fitness", "Orangetheory", "The Gym Group",
                   "Fitness First", "24 Hour Fitness"],
        "third": ["User goes to {v}.",
                  "User has a membership at {v} and trains there before work.",
                  "User signed up at {v}.",
                  "The user mentioned they work out at {v} now."],
        "first": ["I joined {v} today, the sign-up deal was too good.",
                  "User said: \"leg day at {v} destroyed me.\"",
                  "User: \"{v} is open 24 hours so I can go after late deploys.\"",
                  "Got my {v} key card, first session tomorrow morning."],
        "two": ["User trains at {v}; their usual slot is 7am on weekdays.",
                "User joined {v} and booked a personal trainer for six sessions."],
        "ended": ["User no longer goes to {old}; switched to {v}.",
                  "User cancelled the {old} membership and joined {v}."],
        "now": ["Which gym does the user go to now?", "What gym is the user currently a member of?",
                "Where does the user work out these days?", "Which gym does the user train at at the moment?",
                "What gym does the user go to?", "user current gym", "Does the user still go to the same gym? Which one?"],
        "before": ["Which gym did the user go to before?", "What was the user's previous gym?",
                   "Which gym did the user use to go to?", "user previous gym"],
        "year": ["Which gym did the user go to in {year}?", "Where did the user work out in {year}?",
                 "user gym {year}"],
        "other": ["{who} joined {v}.", "{who} works out at {v} now.", "{who} got a membership at {v}."],
        "other_q": ["Which gym does the user's {rel} go to now?", "What gym is the user's {rel} currently a member of?"],
    },
    "car": {
        "values": ["Honda Civic", "Toyota Corolla", "Tesla Model 3", "VW Golf", "Subaru Outback", "Mazda CX-5",
                   "Kia Niro", "Ford Focus", "Skoda Octavia", "Hyundai Ioniq 5", "Volvo XC40", "Renault Zoe",
                   "BMW i3", "Nissan Leaf"],
        "third": ["User drives a {v}.",
                  "User bought a used {v}.",
                  "User's car is a {v}; parking at the office is reserved under that plate.",
                  "The user mentioned they picked up a {v} from the dealer."],
        "first": ["I got a {v}, it's grey and smells like new plastic.",
                  "User said: \"the {v} handles so much better in the snow.\"",
                  "User: \"drove the {v} to the coast this weekend, zero issues.\"",
                  "Finally have my own car, a {v}, no more borrowing."],
        "two": ["User bought a {v}; insurance renewal is due every March.",
                "User leases a {v} and charges it at the office garage."],
        "ended": ["User sold the {old} and bought a {v}.",
                  "User traded in the {old} for a {v}."],
        "now": ["What car does the user drive now?", "What is the user's current car?",
                "What does the user drive these days?", "Which car does the user have at the moment?",
                "What car does the user drive?", "user current car", "Does the user still drive the same car? Which one?"],
        "before": ["What car did the user drive before?", "What was the user's previous car?",
                   "Which car did the user use to drive?", "user previous car"],
        "year": ["What car did the user drive in {year}?", "Which car did the user have in {year}?",
                 "user car {year}"],
        "other": ["{who} bought a {v}.", "{who} drives a {v} now.", "{who} traded up to a {v}."],
        "other_q": ["What car does the user's {rel} drive now?", "Which car does the user's {rel} currently have?"],
    },
    "partner": {
        "values": ["Priya", "Daniel", "Sofia", "Marcus", "Elena", "Jonah", "Aisha", "Theo", "Camille", "Ravi",
                   "Ingrid", "Mateo", "Hannah", "Yusuf"],
        "third": ["User's partner is {v}.",
                  "User is dating {v}.",
                  "User's partner {v} is a nurse; avoid scheduling calls during their night shifts.",
                  "The user mentioned they've been seeing someone called {v}."],
        "first": ["{v} and I have been together a few months now, it's going really well.",
                  "User said: \"{v} says I work too late.\"",
                  "User: \"my partner {v} is cooking tonight so I'm logging off early.\"",
                  "I'm going to meet {v}'s parents next weekend, wish me luck."],
        "two": ["User is in a relationship with {v}; they're planning a trip to Japan together.",
                "User's partner {v} moved in with them; they share a calendar now."],
        "ended": ["User and {old} broke up; they're now seeing {v}.",
                  "User split with {old} in the winter and is now with {v}."],
        "now": ["Who is the user's partner now?", "Who is the user currently dating?",
                "Who is the user seeing these days?", "Who is the user in a relationship with at the moment?",
                "What is the name of the user's partner?", "user current partner", "Is the user still with the same partner? Who?"],
        "before": ["Who was the user's partner before?", "Who did the user date previously?",
                   "Who did the user use to be with?", "user previous partner"],
        "year": ["Who was the user's partner in {year}?", "Who was the user dating in {year}?",
                 "user partner {year}"],
        "other": ["{who} is dating {v}.", "{who} has a new partner, {v}.", "{who} got together with {v}."],
        "other_q": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s current partner?"],
    },
    "food": {
        "values": ["ramen", "tacos al pastor", "pad thai", "margherita pizza", "shakshuka", "pho", "butter chicken",
                   "sushi", "falafel wraps", "paella", "pierogi", "bibimbap", "khachapuri", "dim sum"],
        "third": ["User's favourite food is {v}.",
                  "User loves {v} more than anything else.",
                  "The user mentioned {v} is their comfort food.",
                  "User's go-to order is {v}; useful for team lunch polls."],
        "first": ["Honestly {v} is the best food on the planet.",
                  "User said: \"I could eat {v} every single day.\"",
                  "User: \"{v} is my favourite, no contest.\"",
                  "Had {v} again tonight, it's my number one."],
        "two": ["User's favourite food is {v}; they are allergic to peanuts.",
                "User's current favourite dish is {v}, and they're trying to cook it at home."],
        "ended": ["User says {old} used to be their favourite, but now it's {v}.",
                  "User is over {old}; their new favourite food is {v}."],
        "now": ["What is the user's favourite food now?", "What is the user's current favourite dish?",
                "What food does the user love these days?", "What's the user's favourite food at the moment?",
                "What is the user's favourite food?", "user current favourite food", "Is the user's favourite food still the same? What is it?"],
        "before": ["What was the user's favourite food before?", "What was the user's previous favourite dish?",
                   "What food did the user use to love most?", "user previous favourite food"],
        "year": ["What was the user's favourite food in {year}?", "What dish did the user love most in {year}?",
                 "user favourite food {year}"],
        "other": ["{who} is obsessed with {v}.", "{who} says {v} is their favourite food.",
                  "{who} can't stop eating {v}."],
        "other_q": ["What is the user's {rel}'s favourite food now?", "What dish does the user's {rel} currently love most?"],
    },
    "team": {
        "values": ["Arsenal", "Boston Celtics", "FC Barcelona", "Green Bay Packers", "Borussia Dortmund",
                   "Chicago Cubs", "Liverpool", "Toronto Raptors", "Ajax", "Seattle Seahawks", "Juventus",
                   "Golden State Warriors", "New York Yankees", "Bayern Munich"],
        "third": ["User supports {v}.",
                  "User is a {v} fan.",
                  "User follows {v} closely; avoid booking calls during their games.",
                  "The user mentioned they root for {v}."],
        "first": ["Come on {v}! What a match last night.",
                  "User said: \"{v} are going to win it all this season.\"",
                  "User: \"bought a {v} jersey, I'm all in.\"",
                  "I can't believe {v} lost again, my heart can't take it."],
        "two": ["User supports {v}; they watch every game at a sports bar with friends.",
                "User is a {v} fan and has season tickets with their cousin."],
        "ended": ["User gave up on {old} and now supports {v}.",
                  "User stopped following {old}; their team is {v} now."],
        "now": ["Which team does the user support now?", "What sports team is the user currently a fan of?",
                "Who does the user root for these days?", "Which team does the user follow at the moment?",
                "What team does the user support?", "user current sports team", "Does the user still support the same team? Which?"],
        "before": ["Which team did the user support before?", "What was the user's previous team?",
                   "Which team did the user use to root for?", "user previous sports team"],
        "year": ["Which team did the user support in {year}?", "Who did the user root for in {year}?",
                 "user sports team {year}"],
        "other": ["{who} is a big {v} fan.", "{who} supports {v} now.", "{who} started following {v}."],
        "other_q": ["Which team does the user's {rel} support now?", "What team is the user's {rel} currently a fan of?"],
    },
    "course": {
        "values": ["pottery", "salsa dancing", "watercolour painting", "improv comedy", "life drawing", "jazz piano",
                   "woodworking", "creative writing", "film photography", "cheese making", "astronomy",
                   "beekeeping", "sourdough baking", "stained glass"],
        "third": ["User is taking a {v} class on Tuesday evenings.",
                  "User enrolled in a {v} course.",
                  "User's evening class is {v}; don't book anything Thursday after 6pm.",
                  "The user mentioned they signed up for {v} lessons."],
        "first": ["Started my {v} class tonight, everyone there is so nice.",
                  "User said: \"the {v} teacher gave us homework, can you believe it.\"",
                  "User: \"I'm doing a {v} course this term, it's a nice break from screens.\"",
                  "First {v} lesson done, I was terrible but it was fun."],
        "two": ["User takes a {v} class at the community centre; it costs 15 a session.",
                "User is doing a 10-week {v} course with their flatmate."],
        "ended": ["User dropped the {old} class and enrolled in {v} instead.",
                  "User finished the {old} course and started {v}."],
        "now": ["What class is the user taking now?", "Which course is the user currently enrolled in?",
                "What class does the user go to these days?", "What course is the user doing at the moment?",
                "What class is the user taking?", "user current class", "Is the user still taking the same class? Which?"],
        "before": ["What class did the user take before?", "What was the user's previous course?",
                   "What class did the user use to take?", "user previous class"],
        "year": ["What class was the user taking in {year}?", "Which course did the user do in {year}?",
                 "user class {year}"],
        "other": ["{who} signed up for a {v} class.", "{who} is taking {v} lessons.",
                  "{who} started a {v} course."],
        "other_q": ["What class is the user's {rel} taking now?", "Which course is the user's {rel} currently doing?"],
    },
    "language": {
        "values": ["Spanish", "Japanese", "Portuguese", "Korean", "German", "Italian", "Mandarin", "French",
                   "Dutch", "Swedish", "Turkish", "Greek", "Arabic", "Polish"],
        "third": ["User is learning {v}.",
                  "User practises {v} on Duolingo every morning.",
                  "User started {v} lessons with an online tutor.",
                  "The user mentioned they're studying {v} for fun."],
        "first": ["I'm picking up {v}, my accent is awful but I'm trying.",
                  "User said: \"{v} grammar is melting my brain.\"",
                  "User: \"hit a 30-day streak in {v} today!\"",
                  "Ordered a {v} textbook, this time I'm sticking with it."],
        "two": ["User is learning {v}; they want flashcards generated from their reading list.",
                "User studies {v} twice a week and hopes to pass the B1 exam."],
        "ended": ["User paused {old} and started learning {v}.",
                  "User gave up on {old} and switched to {v}."],
        "now": ["What language is the user learning now?", "Which language is the user currently studying?",
                "What language is the user practising these days?", "What language is the user learning at the moment?",
                "What language is the user learning?", "user current language", "Is the user still learning the same language? Which?"],
        "before": ["What language was the user learning before?", "Which language did the user study previously?",
                   "What language did the user use to study?", "user previous language"],
        "year": ["What language was the user learning in {year}?", "Which language did the user study in {year}?",
                 "user language {year}"],
        "other": ["{who} is learning {v}.", "{who} started taking {v} lessons.", "{who} is studying {v} now."],
        "other_q": ["What language is the user's {rel} learning now?", "Which language is the user's {rel} currently studying?"],
    },
    "editor": {
        "values": ["VS Code", "Neovim", "Emacs", "IntelliJ IDEA", "PyCharm", "Zed", "Sublime Text", "Helix",
                   "Cursor", "Xcode", "Android Studio", "WebStorm", "Eclipse", "Nova"],
        "third": ["User codes in {v}.",
                  "User's editor is {v}; give keybindings for it when suggesting shortcuts.",
                  "User moved their setup to {v}.",
                  "The user mentioned {v} is their main IDE."],
        "first": ["I'm using {v} for everything now, the plugins are great.",
                  "User said: \"{v} keeps freezing on the monorepo.\"",
                  "User: \"spent the morning tweaking my {v} config.\"",
                  "Tried {v} for a week and I'm not going back."],
        "two": ["User codes in {v}; format on save should stay enabled.",
                "User uses {v} with a dark theme and a 2-space indent."],
        "ended": ["User switched from {old} to {v}.",
                  "User stopped using {old}; their editor is {v} now."],
        "now": ["What editor does the user code in now?", "Which IDE is the user currently using?",
                "What editor does the user use these days?", "Which code editor does the user use at the moment?",
                "What editor does the user use?", "user current editor", "Does the user still use the same IDE? Which?"],
        "before": ["What editor did the user use before?", "What was the user's previous IDE?",
                   "Which editor did the user use to code in?", "user previous editor"],
        "year": ["What editor did the user use in {year}?", "Which IDE did the user code in during {year}?",
                 "user editor {year}"],
        "other": ["{who} switched to {v}.", "{who} codes in {v} now.", "{who} started using {v}."],
        "other_q": ["What editor does the user's {rel} use now?", "Which IDE is the user's {rel} currently coding in?"],
    },
}

# the share of each kind of statement: a slot's first value cannot say what ended
KIND_WEIGHTS_FIRST = {"third": 0.40, "first": 0.35, "two": 0.25}
KIND_WEIGHTS_LATER = {"third": 0.30, "first": 0.27, "two": 0.22, "ended": 0.21}

PEOPLE = [("sister", "Lena"), ("brother", "Omar"), ("manager", "Greta"), ("best friend", "Kofi")]
WHO = ["The user's {rel} {name}", "User's {rel} {name}", "{name} (the user's {rel})", "My {rel} {name}"]

# --- filler --------------------------------------------------------------------

FILLER = [
    # preferences
    "User prefers tabs over spaces in Makefiles only, spaces everywhere else.",
    "User likes concise answers with code first and explanation after.",
    "User prefers British spelling in documentation.",
    "User dislikes emoji in commit messages.",
    "User wants commit messages in the imperative mood.",
    "User prefers pytest over unittest.",
    "User likes dark mode in every app.",
    "User prefers metric units.",
    "User wants dates written as YYYY-MM-DD.",
    "User prefers async standups over video calls.",
    "User doesn't like being asked more than one clarifying question at a time.",
    "User prefers small, focused pull requests.",
    "User likes type hints on every public function.",
    "User prefers Markdown tables over bullet lists for comparisons.",
    "User drinks oat milk in their coffee.",
    "User prefers window seats on flights.",
    "User likes to get a summary at the end of long answers.",
    "User prefers Celsius for weather updates.",
    "User hates meetings before 10am.",
    "User prefers reading documentation over watching video tutorials.",
    "User likes lo-fi playlists while coding.",
    "User prefers paper notebooks for brainstorming.",
    "User prefers SQL over ORMs for reporting queries.",
    "User wants shell commands that work on both macOS and Linux.",
    "User prefers rebasing over merge commits.",
    "User likes receiving reminders the evening before, not the same morning.",
    "User prefers decaf after 3pm.",
    "User is vegetarian on weekdays.",
    "User likes hiking but not camping.",
    "User prefers audiobooks for non-fiction.",
    # project notes
    "The budgeting app uses SQLite locally and syncs to a small server.",
    "User's side project is a CLI for tracking reading habits.",
    "The home-automation repo has no tests yet; user knows and doesn't mind.",
    "User asked for a script to rename photos by EXIF date.",
    "User's blog is built with a static site generator and deployed on push.",
    "The API project targets Python 3.11.",
    "User's Raspberry Pi runs the weather station dashboard.",
    "User is migrating the recipe scraper from requests to httpx.",
    "The CI pipeline takes about twelve minutes; user wants it under five.",
    "User keeps dotfiles in a private repository.",
    "User's thesis is written in LaTeX with a BibTeX bibliography.",
    "User asked to avoid adding new dependencies to the invoice parser.",
    "The Discord bot crashes when the rate limit is hit; fix pending.",
    "User wants the newsletter pipeline to run every Sunday night.",
    "The chess engine side project is paused until winter.",
    "User's portfolio site needs a new projects page.",
    "User decided to use Postgres for the new analytics service.",
    "The data pipeline writes Parquet files to object storage.",
    "User wants pre-commit hooks for linting and formatting.",
    "User asked for help writing a Dockerfile for the Flask service.",
    "The monorepo build is slow because of the frontend bundle.",
    "User's open-source library has three open issues about Windows paths.",
    "User wants a changelog generated from conventional commits.",
    "User is writing a conference talk about observability.",
    "User asked for a regex to validate postcodes.",
    # reminders
    "Reminder: renew the passport before the summer.",
    "Reminder: user's dentist check-up is in six months.",
    "Remind the user to back up the laptop on Fridays.",
    "Reminder: pay the electricity bill by the 15th.",
    "Remind the user about the team offsite registration.",
    "Reminder: file the tax return before the deadline.",
    "Remind the user to water the plants when they travel.",
    "Reminder: book the car service.",
    "Reminder: send the invoice to the freelance client.",
    "Remind the user to call their grandmother on Sunday.",
    "Reminder: the domain name for the blog renews next month.",
    "Reminder: return the library books.",
    "Remind the user to update the resume.",
    "Reminder: the user's flat inspection is next week.",
    "Reminder: order more coffee beans.",
    # small events
    "User had a migraine and took the afternoon off.",
    "User's laptop fan started making a grinding noise.",
    "User got locked out and had to call a locksmith.",
    "User ran a 10k and beat their personal best.",
    "User's flight was delayed by three hours.",
    "User finished reading a long fantasy series.",
    "User's friend's wedding is in the autumn.",
    "User spilled coffee on their keyboard.",
    "User went to a concert and lost their voice.",
    "User's bike got a flat tyre on the way home.",
    "User's package was delivered to the wrong address.",
    "User spent the weekend repainting the hallway.",
    "User tried a new coffee place and was disappointed.",
    "User's internet was down most of the day.",
    "User hosted a board game night.",
    "User's code review took the whole afternoon.",
    "User's presentation went better than expected.",
    "User found an old hard drive full of university projects.",
    "User had a long call with the landlord about the heating.",
    "User volunteered at a coding workshop for teenagers.",
    "User caught a cold after the rainy weekend.",
    "User fixed a bug that had been open for months.",
    "User's monitor died and they ordered a replacement.",
    "User went to a friend's birthday dinner.",
    "User spent the evening assembling a bookshelf.",
    # slot words without a value
    "User's phone screen is cracked.",
    "User finds the gym too crowded on Mondays.",
    "User's manager is strict about stand-ups.",
    "User's phone keeps running out of storage.",
    "User wants to find a gym with a sauna someday.",
    "User's car needs new winter tyres.",
    "User complained that the car's air conditioning is weak.",
    "User thinks their phone plan is too expensive.",
    "User's dog hates the vacuum cleaner.",
    "User asked for tips on training a dog to walk on a loose leash.",
    "User's partner is not a fan of horror films.",
    "User and their partner argue about the thermostat.",
    "User wants to cook their favourite food for friends on Saturday.",
    "User says their favourite food tastes better at home than in restaurants.",
    "User's team lost badly and they don't want to talk about it.",
    "User watches the match highlights on Monday mornings.",
    "User's class was cancelled because the teacher was ill.",
    "User is thinking about taking another evening course next year.",
    "User finds learning a language harder than learning a programming language.",
    "User's language app sends too many notifications.",
    "User's editor theme looks washed out on the new monitor.",
    "User asked how to sync editor settings across machines.",
    "User's employer offers a learning budget they haven't used.",
    "User's company laptop has a strict VPN setup.",
    "User's city has terrible public transport on weekends.",
    "User is thinking of moving somewhere cheaper one day.",
    "User's neighbourhood has a great farmers market.",
    "User says the gym's showers are always cold.",
    "User dropped their phone in the bathtub but it survived.",
    "User's car was towed for parking in a loading zone.",
    "User's work contract includes a four-day week option.",
    "User's dog needs a new harness.",
    "User wants a reminder for the dog's vaccinations.",
    "User asked whether electric cars are worth it.",
    "User's partner's birthday is in November.",
    # misc facts about the user
    "User is allergic to cats.",
    "User is left-handed.",
    "User's keyboard layout is US international.",
    "User wears glasses for screen work.",
    "User has a standing desk and uses it in the mornings.",
    "User's birthday is in early March.",
    "User plays chess online most evenings.",
    "User keeps a journal on weekends.",
    "User meditates for ten minutes after lunch.",
    "User grows tomatoes on the balcony.",
    "User is saving for a sabbatical.",
    "User listens to history podcasts during commutes.",
    "User's coffee order is a flat white.",
    "User doesn't drink alcohol.",
    "User has two monitors and a drawing tablet.",
    "User knits when they need a break from screens.",
    "User's favourite film is a 1980s science fiction classic.",
    "User donates blood twice a year.",
    "User is colour-blind (red-green); avoid red/green-only charts.",
    "User collects vinyl records.",
    "User asked for a packing list for a long weekend away.",
    "User wants the weekly review template to include a wins section.",
    "User's landlord finally fixed the boiler.",
    "User bought a new pair of running shoes.",
    "User's favourite podcast went on hiatus.",
    "User asked how to politely decline meetings without an agenda.",
]

PROJECTS = ["the budgeting app", "the invoice parser", "the home-automation repo", "the Discord bot",
            "the recipe scraper", "the newsletter pipeline", "the portfolio site", "the weather station",
            "the thesis repo", "the analytics service", "the reading tracker CLI", "the open-source library",
            "the Flask service", "the chess engine"]
PROJECT_NOTES = ["tests are flaky on CI", "user wants type hints added", "logging is too noisy",
                 "the README is out of date", "a dependency upgrade broke the build", "user wants a dark theme",
                 "error messages need to be friendlier", "the config format is moving to TOML",
                 "user asked for a benchmark", "the deploy script needs a dry-run flag",
                 "there's a memory leak under load", "user wants a progress bar", "the docs need examples",
                 "user wants to drop Python 3.9 support", "the database schema needs an index",
                 "timeouts should be configurable", "user wants retries with backoff", "the linter config changed",
                 "user wants JSON output", "the release checklist needs updating", "caching made it twice as fast",
                 "user wants to split the module in two", "the auth flow needs a refresh token",
                 "user asked for better test fixtures", "a contributor opened a helpful PR"]
NOTE_FORMS = ["{P}: {n}.", "Project note for {p}: {n}.", "In {p}, {n}.", "Session recap ({p}): {n}."]

TASKS = ["renew the yoga pass", "back up the photo library", "check the pull request comments",
         "send the rent transfer", "buy a birthday present for a friend", "clean the coffee machine",
         "review the quarterly goals", "cancel the unused streaming subscription", "update the laptop OS",
         "rotate the API keys", "archive old email", "book a haircut", "call the insurance company",
         "order printer ink", "reply to the recruiter", "submit the expense report", "defrost the freezer",
         "write the weekly review", "pick up the dry cleaning", "schedule the annual eye test",
         "check the smoke alarm battery", "prepare slides for the demo", "pay the credit card bill",
         "read the RFC draft", "post the meetup photos", "fix the squeaky door", "restock the first-aid kit",
         "update the password manager", "sort out the recycling", "plan the weekend groceries"]
TASK_WHENS = ["on Monday", "on Tuesday", "on Wednesday", "on Thursday", "on Friday", "this weekend",
              "tomorrow morning", "next week", "before the end of the month", "after the next sprint",
              "on the first of the month", "before travelling"]
TASK_FORMS = ["Remind the user to {t} {w}.", "Reminder: {t} {w}.", "User asked to be reminded to {t} {w}."]

EVENTS = ["had a productive morning", "skipped lunch because of a deadline", "took a long walk at lunch",
          "stayed up too late debugging", "cooked dinner for friends", "went to a museum",
          "cleaned out the garage", "had a video call with an old classmate", "tried a new running route",
          "watched a documentary about deep-sea creatures", "spent the evening gaming",
          "finished a jigsaw puzzle", "attended a local tech meetup", "helped a neighbour move a sofa",
          "went to the farmers market", "fell asleep on the couch", "visited a bookshop",
          "repotted the houseplants", "went to the cinema", "did a digital detox day"]
EVENT_WHENS = ["on Saturday", "on Sunday", "yesterday", "last night", "this morning", "over the weekend",
               "on the bank holiday", "after work"]
EVENT_FORMS = ["User {e} {w}.", "User mentioned they {e} {w}.", "User said they {e} {w}."]


def _filler(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.25:
        return rng.choice(FILLER)
    if r < 0.55:
        p = rng.choice(PROJECTS)
        return rng.choice(NOTE_FORMS).format(p=p, P=p[0].upper() + p[1:], n=rng.choice(PROJECT_NOTES))
    if r < 0.80:
        return rng.choice(TASK_FORMS).format(t=rng.choice(TASKS), w=rng.choice(TASK_WHENS))
    return rng.choice(EVENT_FORMS).format(e=rng.choice(EVENTS), w=rng.choice(EVENT_WHENS))


# --- generating ----------------------------------------------------------------

def _when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    seconds = int((hi - lo).total_seconds())
    return (lo + timedelta(seconds=rng.randrange(seconds))).replace(second=0)


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _dates(rng: random.Random, changes: int) -> list[datetime]:
    """The first value in the autumn of the span's first year, each change in its own later month."""
    first = _when(rng, START + timedelta(days=2, hours=8), datetime(YEAR, 12, 15, tzinfo=timezone.utc))
    months = sorted(rng.sample(range(1, NOW.month), changes))
    return [first] + [_when(rng, datetime(YEAR + 1, m, 2, 8, tzinfo=timezone.utc),
                            datetime(YEAR + 1, m, 27, 21, tzinfo=timezone.utc)) for m in months]


def _articles(text: str, values: list[str]) -> str:
    """'a iPhone' -> 'an iPhone', 'a Arsenal fan' -> 'an Arsenal fan' (not 'a OnePlus')."""
    for v in values:
        if v and v[0] in "AEIOUaeiou" and not v.startswith("One"):
            text = re.sub(rf"\b([Aa]) {re.escape(v)}", lambda m: f"{m.group(1)}n {v}", text)
    return text


def _pick_kind(rng: random.Random, index: int) -> str:
    weights = KIND_WEIGHTS_FIRST if index == 0 else KIND_WEIGHTS_LATER
    kinds = list(weights)
    return rng.choices(kinds, weights=[weights[k] for k in kinds])[0]


def generate(size: int, user: int, seed: int = 0) -> dict:
    rng = random.Random(f"blind7/{seed}/{user}")
    memories: list[dict] = []

    def add(content: str, when: datetime, label: dict | None = None) -> None:
        memories.append({"content": content, "created": _iso(when), **({"fact": label} if label else {})})

    questions: list[dict] = []
    for slot, spec in SLOTS.items():
        values = rng.sample(spec["values"], 4)
        changes = rng.choice((2, 3))
        chain = list(zip(values[:changes + 1], _dates(rng, changes)))
        for index, (value, when) in enumerate(chain):
            kind = _pick_kind(rng, index)
            template = rng.choice(spec[kind])
            old = chain[index - 1][0] if index else ""
            text = _articles(template.format(v=value, old=old), [value, old])
            add(text[0].upper() + text[1:], when, {"subject": "user", "slot": slot, "index": index, "value": value})
        chain_values = [v for v, _ in chain]
        current = len(chain) - 1
        for q in rng.sample(spec["now"], 2):
            questions.append({"question": q, "subject": "user", "slot": slot, "tense": "now", "gold": current,
                              "values": chain_values})
        questions.append({"question": rng.choice(spec["before"]), "subject": "user", "slot": slot,
                          "tense": "before", "gold": current - 1, "values": chain_values})
        questions.append({"question": rng.choice(spec["year"]).format(year=YEAR), "subject": "user",
                          "slot": slot, "tense": "before", "gold": 0, "values": chain_values})
    for rel, name in PEOPLE:
        for slot in rng.sample(sorted(SLOTS), 3):
            spec = SLOTS[slot]
            user_values = {m["fact"]["value"] for m in memories
                           if m.get("fact", {}).get("subject") == "user" and m["fact"]["slot"] == slot}
            pool = [v for v in spec["values"] if v not in user_values]
            changes = rng.choice((1, 2))
            chain = list(zip(rng.sample(pool, changes + 1), _dates(rng, changes)))
            for index, (value, when) in enumerate(chain):
                who = rng.choice(WHO).format(rel=rel, name=name)
                text = _articles(rng.choice(spec["other"]).format(who=who, v=value), [value])
                add(text[0].upper() + text[1:], when, {"subject": rel, "slot": slot, "index": index, "value": value})
            questions.append({"question": rng.choice(spec["other_q"]).format(rel=rel), "subject": rel,
                              "slot": slot, "tense": "now", "gold": len(chain) - 1,
                              "values": [v for v, _ in chain]})
    seen = {m["content"] for m in memories}
    attempts = 0
    while len(memories) < size and attempts < size * 50:
        attempts += 1
        text = _filler(rng)
        if text not in seen:
            seen.add(text)
            add(text, _when(rng, START, NOW - timedelta(days=1)))
    memories.sort(key=lambda m: m["created"])
    for q in questions:
        q["kind"] = ku._kind(q["question"])
    return {"split": "blind7", "user": user, "seed": seed, "now": _iso(NOW), "memories": memories,
            "questions": questions}


def self_check() -> None:
    """No filler line names a slot value; every slot has its minimum of templates, values and questions."""
    values = {v for spec in SLOTS.values() for v in spec["values"]}
    lines = list(FILLER) + PROJECTS + PROJECT_NOTES + TASKS + EVENTS
    bad = [(v, line) for v in values for line in lines if re.search(rf"\b{re.escape(v)}\b", line, re.I)]
    if bad:
        raise SystemExit(f"filler names a slot value: {bad[:5]}")
    for slot, spec in SLOTS.items():
        n_user = sum(len(spec[k]) for k in ("third", "first", "two", "ended"))
        assert 12 <= len(spec["values"]) <= 16 and len(set(spec["values"])) == len(spec["values"]), slot
        assert n_user >= 10 and len(spec["now"]) >= 6 and len(spec["before"]) >= 3 and len(spec["year"]) >= 2, slot
    assert len(FILLER) >= 150, len(FILLER)


# --- running -------------------------------------------------------------------

def run(sizes: list[int], users: int, seed: int, mode: str, show_failures: bool) -> dict:
    report: dict = {"split": "blind7", "seed": seed, "users": users, "mode": mode, "store": "semantic", "sizes": {}}
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
