"""Knowledge-update set blind18: fluent non-native English.

Written by a helper session on 2026-12-04 that read none of the project's code, benches, tests
or other sets (only a brief of the data format). First measured at 19b8d9a, before any work
with it (user current@1 / stale-above at 1,000 memories): 0.147 / 0.382.
Held out: measured at 19b8d9a and at the end of that session only; nobody has read its
misses or its templates, and no model is trained on it.

    python3 bench/knowledge_updates.py --split blind18 --mode library

The author's own description:

Knowledge-update benchmark set "blind18".

Simulated users whose first language is not English (Spanish, German, Hindi,
Brazilian Portuguese or Polish speakers) chat with an assistant for a year in
fluent but non-native English: calques, missing articles, tense slips, words of
their own language, typos, local place / company names.  Facts about the user
(and four people around them) change over time; questions ask for the current
value, the previous one, or the 2024 one.

Python 3.11 standard library only.  Deterministic in (size, user, seed).
"""

import hashlib
import random
import re
from datetime import datetime, timedelta, timezone

SPLIT = "blind18"
NOW = "2025-10-01T09:00:00+00:00"
UTC = timezone.utc
RANGE_START = datetime(2024, 9, 1, 0, 0, 0, tzinfo=UTC)
RANGE_END = datetime(2025, 9, 30, 23, 59, 59, tzinfo=UTC)


def _kind(question):
    q = question.lower()
    for word, kind in (("now", "now"), ("currently", "currently"), ("current", "currently"),
                       ("these days", "these days"), ("used to", "used to"), ("use to", "used to"),
                       ("before", "before"), ("previous", "before"), ("2024", "in 2024")):
        if word in q:
            return kind
    return "plain"


# ---------------------------------------------------------------------------
# Country data
# ---------------------------------------------------------------------------

INTL_CITIES = ["Dublin", "Berlin", "London", "Lisbon", "Amsterdam", "Paris", "Brussels", "Zurich",
               "Edinburgh", "Copenhagen", "Milan", "Vienna", "Prague", "Toronto", "Dubai", "Singapore"]
INTL_EMPLOYERS = ["Amazon", "Accenture", "Deloitte", "IBM", "Microsoft", "Google", "PwC", "KPMG",
                  "Capgemini", "Booking.com", "Spotify", "Ryanair"]
PHONES = ["iPhone 13", "iPhone 14", "iPhone 15", "iPhone 16", "iPhone 15 Pro", "Pixel 7a", "Pixel 8",
          "Pixel 9", "Galaxy S23", "Galaxy S24", "Galaxy A54", "Galaxy A35", "Galaxy Z Flip5",
          "Xiaomi 13T", "Redmi Note 13", "OnePlus 12", "Motorola Edge 40", "Nothing Phone (2)",
          "Fairphone 5", "Oppo Reno 11"]
COMMON_PETS = ["Luna", "Max", "Simba", "Milo", "Nala", "Oreo", "Leo", "Coco"]
LANGUAGES = ["French", "Italian", "Japanese", "Korean", "Dutch", "Swedish", "Mandarin", "Arabic",
             "Russian", "Greek", "Turkish", "Norwegian", "German", "Spanish", "Portuguese"]
INTL_DISHES = ["ramen", "pad thai", "poke bowl", "shakshuka", "pho", "tacos al pastor", "lasagne",
               "bibimbap", "green curry", "khachapuri"]
INTL_TEAMS = ["Manchester United", "Liverpool", "Arsenal", "Chelsea", "Juventus", "AC Milan",
              "Paris Saint-Germain", "Ajax"]
ROLES = ["software developer", "accountant", "data analyst", "project manager", "QA tester",
         "UX designer", "sales rep", "HR assistant", "logistics coordinator", "support agent",
         "mechanical engineer", "marketing specialist", "backend developer", "controller"]

NATIONS = {
    "es": dict(
        nat="Spanish", lang="Spanish",
        cities=["Valencia", "Sevilla", "Zaragoza", "Bilbao", "Málaga", "Granada", "Alicante", "Murcia",
                "Valladolid", "Salamanca", "Madrid", "Barcelona", "Córdoba", "Vigo", "Pamplona", "Gijón",
                "Cádiz", "Oviedo", "A Coruña", "Castellón"],
        employers=["Mercadona", "Inditex", "Telefónica", "Iberdrola", "Repsol", "Indra", "Glovo", "Cabify",
                   "El Corte Inglés", "Decathlon", "Mapfre", "Ferrovial", "Naturgy", "Amadeus", "Vodafone",
                   "Seat"],
        banks=["Santander", "BBVA", "CaixaBank", "Sabadell", "Bankinter", "ING", "Openbank", "Revolut",
               "N26", "Unicaja", "Abanca", "Kutxabank"],
        teams=["Valencia CF", "Real Betis", "Sevilla FC", "Athletic Club", "Real Sociedad",
               "Atlético de Madrid", "Real Madrid", "FC Barcelona", "Villarreal", "Celta de Vigo", "Osasuna",
               "Rayo Vallecano", "Getafe", "Real Zaragoza", "Málaga CF"],
        dishes=["paella valenciana", "tortilla de patatas", "fabada asturiana", "pulpo a la gallega",
                "salmorejo", "croquetas de jamón", "gazpacho", "cocido madrileño", "arroz negro",
                "patatas bravas", "fideuà", "pisto manchego", "rabo de toro", "migas"],
        gyms=["Basic-Fit", "VivaGym", "Altafit", "Go fit", "Anytime Fitness", "Holmes Place", "McFit",
              "Synergym", "Dreamfit", "Club de Pádel Los Olivos", "Club Natación Turia", "CrossFit Ruzafa",
              "Club de Remo Deusto"],
        vehicles=[("Seat Ibiza", "car"), ("Seat León", "car"), ("Cupra Born", "car"), ("Renault Clio", "car"),
                  ("Dacia Sandero", "car"), ("Peugeot 208", "car"), ("Toyota Corolla", "car"),
                  ("Kia Ceed", "car"), ("Hyundai Tucson", "car"), ("Citroën C4", "car"),
                  ("Yamaha MT-07", "motorbike"), ("Honda PCX", "scooter"), ("Vespa Primavera", "scooter"),
                  ("Fiat 500", "car"), ("Nissan Qashqai", "car")],
        phones=["Xiaomi 14", "Realme GT 6"],
        names_f=["Lucía", "Marta", "Carmen", "Irene", "Nuria", "Laura", "Elena", "Paula", "Sara", "Alba",
                 "Cristina", "Rocío", "Ainhoa", "Beatriz", "Inés", "Noelia"],
        names_m=["Javier", "Pablo", "Álvaro", "Sergio", "Diego", "Jorge", "Adrián", "Raúl", "Iker", "Hugo",
                 "Carlos", "Mario", "Rubén", "Dani", "Íñigo", "Gonzalo"],
        pets=["Churro", "Lola", "Toby", "Bimba", "Pipo", "Kira", "Chispa", "Canela", "Rayo", "Trufa",
              "Pancho", "Curro"],
        openers=["Bueno,", "Vale,", "Madre mía,", "Pues", "Oye,", "Hola!", "Mira,", "Uf,", "Venga,",
                 "Buenas!"],
        closers=["jaja", "qué ilusión!", "ojalá!", "vamos!", "qué pena", "un beso", "jeje", "buf",
                 "qué rollo", "en fin"],
        words=["madre mía", "qué fuerte", "ufff", "vaya", "hombre", "tío", "qué rollo", "ay ay ay",
               "menos mal", "qué horror"],
        shops=["Mercadona", "Lidl", "Carrefour", "Dia", "Consum", "Alcampo", "Primark", "Zara",
               "MediaMarkt", "Leroy Merlin"],
        market="Wallapop", insp="the ITV", cur="euros", money=(8, 120),
        holiday=["Ibiza", "Mallorca", "Tenerife", "Lanzarote", "Asturias", "Picos de Europa", "Costa Brava",
                 "Menorca", "Sierra Nevada", "Cabo de Gata", "La Rioja", "Formentera"],
        foods=["bocadillo de calamares", "churros con chocolate", "jamón", "empanada gallega",
               "tostada con tomate", "sopa de ajo", "flan", "ensaladilla rusa", "turrón", "torrijas",
               "pimientos de padrón", "boquerones"],
        series=["La Casa de Papel", "Élite", "Velvet", "Los Serrano", "Aquí no hay quien viva"],
    ),
    "de": dict(
        nat="German", lang="German",
        cities=["München", "Hamburg", "Köln", "Leipzig", "Stuttgart", "Frankfurt", "Freiburg", "Dresden",
                "Nürnberg", "Bremen", "Hannover", "Düsseldorf", "Heidelberg", "Münster", "Mannheim", "Bonn",
                "Augsburg", "Regensburg", "Karlsruhe", "Berlin"],
        employers=["Siemens", "Bosch", "SAP", "Deutsche Bahn", "Lidl", "BMW", "Zalando", "Allianz", "Bayer",
                   "Continental", "Porsche", "DHL", "Lufthansa", "Deutsche Telekom", "Adidas", "Henkel"],
        banks=["Sparkasse", "Commerzbank", "Deutsche Bank", "DKB", "ING", "N26", "Volksbank", "comdirect",
               "Postbank", "HypoVereinsbank", "Consorsbank", "Trade Republic"],
        teams=["FC Bayern", "Borussia Dortmund", "1. FC Köln", "Hamburger SV", "FC St. Pauli",
               "VfB Stuttgart", "Eintracht Frankfurt", "Werder Bremen", "RB Leipzig", "SC Freiburg",
               "Union Berlin", "Hertha BSC", "Bayer Leverkusen", "Schalke 04", "1. FC Nürnberg"],
        dishes=["Käsespätzle", "Schnitzel mit Pommes", "Currywurst", "Maultaschen", "Rouladen",
                "Sauerbraten", "Flammkuchen", "Kartoffelsalat", "Leberkäse", "Königsberger Klopse",
                "Labskaus", "Schweinshaxe", "Kaiserschmarrn", "Zwiebelkuchen"],
        gyms=["McFit", "FitX", "John Reed", "Fitness First", "clever fit", "DAV Kletterzentrum",
              "Boulderwelt", "TSV Turnverein", "Kieser Training", "EasyFit", "Holmes Place",
              "Ruderclub Alster", "SV Blau-Weiss Schwimmverein"],
        vehicles=[("VW Golf", "car"), ("VW Polo", "car"), ("Opel Corsa", "car"), ("Opel Astra", "car"),
                  ("BMW 3er", "car"), ("Audi A3", "car"), ("Škoda Octavia", "car"), ("Ford Focus", "car"),
                  ("Mercedes A-Klasse", "car"), ("Tesla Model 3", "car"), ("BMW R 1250 GS", "motorbike"),
                  ("KTM Duke 390", "motorbike"), ("Simson S51", "motorbike"), ("VW ID.3", "car"),
                  ("Smart fortwo", "car")],
        phones=["Galaxy S24 Ultra", "Pixel 8 Pro"],
        names_f=["Anna", "Lena", "Julia", "Katharina", "Sophie", "Lea", "Miriam", "Johanna", "Franziska",
                 "Hannah", "Clara", "Nina", "Jana", "Svenja", "Carolin", "Ute"],
        names_m=["Jonas", "Lukas", "Felix", "Maximilian", "Tobias", "Florian", "Niklas", "Jan", "Moritz",
                 "Sebastian", "Philipp", "Tim", "Kai", "Matthias", "Stefan", "Jürgen"],
        pets=["Bello", "Mietze", "Krümel", "Fritz", "Lotte", "Emma", "Balu", "Frieda", "Anton", "Momo",
              "Keks", "Fiete"],
        openers=["Naja,", "Also,", "Ach,", "Mensch,", "So,", "Genau,", "Boah,", "Hallo!", "Na,", "Puh,"],
        closers=["Tschüss!", "leider", "na gut", "Wahnsinn", "toll", "endlich", "Prost!", "oder?",
                 "Schade.", "egal"],
        words=["Mensch", "krass", "oje", "Mist", "Wahnsinn", "na toll", "echt jetzt", "puh", "ach du lieber",
               "hammer"],
        shops=["Rewe", "Edeka", "Aldi", "dm", "Rossmann", "Kaufland", "Netto", "Penny", "MediaMarkt",
               "Saturn", "IKEA"],
        market="Kleinanzeigen", insp="the TÜV", cur="euros", money=(8, 120),
        holiday=["Sylt", "Rügen", "Bodensee", "Allgäu", "Schwarzwald", "Harz", "Usedom", "Garmisch",
                 "Gardasee", "Mallorca", "Zugspitze", "Spreewald"],
        foods=["Brezel", "Döner", "Apfelstrudel", "Spargel", "Kartoffelsuppe", "Bienenstich",
               "Gulaschsuppe", "Brötchen mit Käse", "Schwarzwälder Kirschtorte", "Reibekuchen", "Obatzda",
               "Fischbrötchen"],
        series=["Dark", "Babylon Berlin", "Tatort", "How to Sell Drugs Online", "4 Blocks"],
    ),
    "in": dict(
        nat="Indian", lang="Hindi",
        cities=["Pune", "Bengaluru", "Hyderabad", "Gurgaon", "Noida", "Chennai", "Ahmedabad", "Jaipur",
                "Indore", "Kochi", "Mumbai", "Delhi", "Lucknow", "Chandigarh", "Bhopal", "Nagpur", "Kolkata",
                "Coimbatore", "Vadodara", "Dehradun"],
        employers=["Infosys", "TCS", "Wipro", "HCLTech", "Flipkart", "Zomato", "Swiggy", "Reliance Jio",
                   "Tech Mahindra", "Paytm", "Ola", "Tata Motors", "Larsen & Toubro", "Cognizant", "Zoho",
                   "Freshworks"],
        banks=["HDFC Bank", "ICICI Bank", "SBI", "Axis Bank", "Kotak Mahindra Bank", "Yes Bank",
               "Bank of Baroda", "IDFC First Bank", "Punjab National Bank", "IndusInd Bank", "Canara Bank",
               "AU Small Finance Bank"],
        teams=["Kerala Blasters", "Mohun Bagan", "East Bengal", "Bengaluru FC", "Mumbai City FC", "FC Goa",
               "Chennaiyin FC", "Odisha FC", "Manchester City", "Real Madrid", "FC Barcelona",
               "Tottenham", "Punjab FC"],
        dishes=["rajma chawal", "chole bhature", "paneer butter masala", "masala dosa", "Hyderabadi biryani",
                "pav bhaji", "aloo paratha", "dal makhani", "butter chicken", "vada pav", "pani puri",
                "litti chokha", "idli sambar", "kadhi chawal", "malai kofta"],
        gyms=["Cult.fit", "Gold's Gym", "Anytime Fitness", "Talwalkars", "Snap Fitness", "Fitness First",
              "Prakash Padukone Badminton Academy", "Powerworld Gym", "Crunch Fitness", "Multifit",
              "Slam Fitness", "Decathlon Sports Club"],
        vehicles=[("Maruti Swift", "car"), ("Hyundai Creta", "car"), ("Tata Nexon", "car"),
                  ("Honda City", "car"), ("Maruti Baleno", "car"), ("Kia Seltos", "car"),
                  ("Mahindra XUV700", "car"), ("Royal Enfield Classic 350", "motorbike"),
                  ("Honda Activa", "scooter"), ("Bajaj Pulsar", "motorbike"), ("TVS Jupiter", "scooter"),
                  ("Hero Splendor", "motorbike"), ("Toyota Innova", "car"), ("Ather 450X", "scooter"),
                  ("Maruti WagonR", "car")],
        phones=["Realme 12 Pro", "Vivo V30", "iQOO Neo 9", "Poco X6", "Samsung Galaxy M34"],
        names_f=["Priya", "Ananya", "Neha", "Pooja", "Kavya", "Riya", "Shreya", "Aditi", "Meera", "Ishita",
                 "Sneha", "Divya", "Tanvi", "Nisha", "Anjali", "Swati"],
        names_m=["Rahul", "Arjun", "Rohan", "Vikram", "Aman", "Karan", "Siddharth", "Nikhil", "Varun",
                 "Aditya", "Manish", "Rohit", "Kunal", "Harsh", "Yash", "Sandeep"],
        pets=["Bruno", "Sheru", "Tommy", "Kalu", "Golu", "Motu", "Chintu", "Laddoo", "Jalebi", "Rocky",
              "Tiger", "Pinky"],
        openers=["Arre,", "Accha,", "Yaar,", "Haan so", "Chalo,", "Arre yaar,", "Oho,", "Bas,", "Listen,",
                 "Hello ji,"],
        closers=["yaar", "na?", "haha", "ek dum", "bas", "chalo", "thoda tension hai", "full masti",
                 "what to do", "hai na"],
        words=["yaar", "arre", "uff", "bhai", "oh ho", "hai Ram", "wah", "kya baat", "bas", "arey baap re"],
        shops=["DMart", "Reliance Fresh", "Big Bazaar", "Blinkit", "Zepto", "BigBasket", "Nykaa", "Croma",
               "More Supermarket", "Lifestyle"],
        market="OLX", insp="servicing", cur="rupees", money=(150, 4500),
        holiday=["Goa", "Manali", "Rishikesh", "Udaipur", "Munnar", "Ooty", "Shimla", "Coorg", "Pondicherry",
                 "Leh", "Varanasi", "Darjeeling"],
        foods=["samosa", "jalebi", "momos", "poha", "upma", "maggi", "gulab jamun", "dhokla", "chaat",
               "kulfi", "misal pav", "kachori"],
        series=["Sacred Games", "Panchayat", "Mirzapur", "Kota Factory", "Made in Heaven"],
    ),
    "br": dict(
        nat="Brazilian", lang="Portuguese",
        cities=["São Paulo", "Curitiba", "Belo Horizonte", "Florianópolis", "Porto Alegre", "Recife",
                "Campinas", "Salvador", "Fortaleza", "Rio de Janeiro", "Brasília", "Goiânia", "Niterói",
                "Vitória", "Natal", "Londrina", "Joinville", "Porto"],
        employers=["Petrobras", "Natura", "Ambev", "Embraer", "iFood", "Magazine Luiza", "Mercado Livre",
                   "Totvs", "Localiza", "Globo", "WEG", "Gerdau", "Raízen", "B3", "Hering"],
        banks=["Itaú", "Bradesco", "Nubank", "Banco do Brasil", "Caixa Econômica", "Banco Inter",
               "Santander Brasil", "C6 Bank", "BTG Pactual", "PicPay", "Sicredi", "Banco Original"],
        teams=["Flamengo", "Corinthians", "Palmeiras", "São Paulo FC", "Grêmio", "Internacional", "Cruzeiro",
               "Atlético Mineiro", "Santos FC", "Fluminense", "Botafogo", "Vasco da Gama", "EC Bahia",
               "Athletico Paranaense", "Sport Recife"],
        dishes=["feijoada", "moqueca", "pão de queijo", "coxinha", "escondidinho", "baião de dois",
                "picanha", "acarajé", "arroz carreteiro", "vaca atolada", "tutu de feijão",
                "bobó de camarão", "galinhada", "tapioca"],
        gyms=["Smart Fit", "Bodytech", "Selfit", "Bluefit", "Bio Ritmo", "Just Fit", "Gracie Barra",
              "CrossFit Moema", "Skyfit", "Pratique Fitness", "Academia Competition", "Clube Pinheiros"],
        vehicles=[("VW Gol", "car"), ("Fiat Uno", "car"), ("Chevrolet Onix", "car"), ("Hyundai HB20", "car"),
                  ("Honda Biz", "scooter"), ("Honda CG 160", "motorbike"), ("Fiat Argo", "car"),
                  ("Jeep Renegade", "car"), ("Toyota Corolla", "car"), ("Renault Kwid", "car"),
                  ("Fiat Strada", "car"), ("VW T-Cross", "car"), ("Yamaha Fazer 250", "motorbike"),
                  ("Fiat Mobi", "car")],
        phones=["Moto G84", "Galaxy A15", "Moto G54"],
        names_f=["Ana", "Beatriz", "Camila", "Fernanda", "Juliana", "Larissa", "Mariana", "Gabriela",
                 "Letícia", "Bruna", "Carolina", "Isabela", "Luana", "Renata", "Tatiane", "Jéssica"],
        names_m=["João", "Pedro", "Lucas", "Gabriel", "Rafael", "Thiago", "Felipe", "Gustavo", "Matheus",
                 "Rodrigo", "Caio", "Vinícius", "Leonardo", "Henrique", "Marcelo", "Otávio"],
        pets=["Pipoca", "Paçoca", "Bolinha", "Thor", "Amora", "Fred", "Pretinha", "Fumaça", "Biscoito",
              "Pingo", "Mel", "Feijão"],
        openers=["Nossa,", "Gente,", "Olha,", "Então,", "Cara,", "Bom,", "Ai,", "Opa,", "Pois é,", "Eita,"],
        closers=["né?", "kkkk", "que saudade", "valeu!", "beleza", "que saco", "tá?", "rsrs", "bora!",
                 "afff"],
        words=["nossa", "caramba", "eita", "que isso", "putz", "gente", "meu Deus", "nossa senhora",
               "misericórdia", "vixe"],
        shops=["Pão de Açúcar", "Carrefour", "Atacadão", "Assaí", "Americanas", "Drogasil", "Renner",
               "Riachuelo", "Casas Bahia", "Extra"],
        market="OLX", insp="the revisão", cur="reais", money=(20, 600),
        holiday=["Fernando de Noronha", "Ilha Grande", "Jericoacoara", "Bonito", "Chapada Diamantina",
                 "Paraty", "Gramado", "Porto de Galinhas", "Arraial do Cabo", "Búzios", "Ouro Preto",
                 "Lençóis Maranhenses"],
        foods=["brigadeiro", "pastel de feira", "açaí", "farofa", "pamonha", "churrasco", "pão na chapa",
               "quindim", "esfiha", "x-tudo", "cuscuz", "bolo de cenoura"],
        series=["Sintonia", "Cidade Invisível", "Sessão de Terapia", "3%", "Irmandade"],
    ),
    "pl": dict(
        nat="Polish", lang="Polish",
        cities=["Kraków", "Wrocław", "Gdańsk", "Poznań", "Łódź", "Warszawa", "Katowice", "Lublin",
                "Szczecin", "Gdynia", "Toruń", "Bydgoszcz", "Białystok", "Rzeszów", "Opole", "Sopot",
                "Gliwice", "Olsztyn"],
        employers=["Allegro", "Orlen", "LPP", "CD Projekt", "Comarch", "InPost", "Asseco", "Żabka",
                   "Biedronka", "PZU", "Lufthansa Global Business Services", "Samsung R&D Polska", "Ericsson",
                   "Aptiv", "PKP Intercity", "Motorola Solutions"],
        banks=["PKO BP", "mBank", "Pekao", "ING Bank Śląski", "Santander Bank Polska", "Millennium",
               "Alior Bank", "Revolut", "Credit Agricole", "BNP Paribas", "VeloBank", "Citi Handlowy"],
        teams=["Legia Warszawa", "Lech Poznań", "Wisła Kraków", "Cracovia", "Śląsk Wrocław", "Lechia Gdańsk",
               "Górnik Zabrze", "Jagiellonia Białystok", "Raków Częstochowa", "Pogoń Szczecin",
               "Widzew Łódź", "Zagłębie Lubin", "Arka Gdynia"],
        dishes=["pierogi ruskie", "żurek", "bigos", "gołąbki", "placki ziemniaczane", "kotlet schabowy",
                "barszcz z uszkami", "zupa pomidorowa", "rosół", "naleśniki z serem", "kopytka",
                "fasolka po bretońsku", "pyzy", "gulasz węgierski"],
        gyms=["Zdrofit", "Calypso", "McFit", "Jatomi Fitness", "CityFit", "Smart Gym", "Energy Fitness",
              "Fabryka Formy", "KS Spójnia", "AZS Volleyball Club", "Well Fitness", "Gymnasion"],
        vehicles=[("Škoda Fabia", "car"), ("Škoda Octavia", "car"), ("Toyota Yaris", "car"),
                  ("Opel Astra", "car"), ("Fiat Tipo", "car"), ("Kia Ceed", "car"), ("Dacia Duster", "car"),
                  ("Hyundai i30", "car"), ("Toyota Corolla", "car"), ("VW Passat", "car"),
                  ("Ford Focus", "car"), ("Junak 125", "motorbike"), ("Yamaha MT-07", "motorbike"),
                  ("Romet Ogar", "scooter"), ("Renault Clio", "car")],
        phones=["Xiaomi 14", "Motorola Razr 40", "Honor Magic6 Lite"],
        names_f=["Kasia", "Agnieszka", "Magda", "Ola", "Zuzia", "Monika", "Joanna", "Ewa", "Gosia",
                 "Natalia", "Karolina", "Weronika", "Justyna", "Paulina", "Basia", "Dorota"],
        names_m=["Kuba", "Tomek", "Piotrek", "Michał", "Bartek", "Krzysztof", "Paweł", "Marcin", "Łukasz",
                 "Adam", "Kamil", "Wojtek", "Mateusz", "Grzegorz", "Szymon", "Jarek"],
        pets=["Burek", "Mruczek", "Reksio", "Fafik", "Kluska", "Puszek", "Pimpek", "Azor", "Tofik", "Figa",
              "Łatka", "Misia"],
        openers=["No więc,", "Kurczę,", "Dobra,", "Jejku,", "No,", "Słuchaj,", "Ojej,", "No cóż,", "Hej,",
                 "Matko,"],
        closers=["serio", "masakra", "dzięki!", "ech", "trzymaj kciuki", "na zdrowie!", "kurczę", "super",
                 "spoko", "no nic"],
        words=["kurczę", "masakra", "jejku", "o rany", "ech", "serio", "no nie", "matko", "ojej",
               "o matko"],
        shops=["Biedronka", "Lidl", "Żabka", "Auchan", "Carrefour", "Rossmann", "Pepco", "Kaufland",
               "Netto", "Lewiatan"],
        market="OLX", insp="the przegląd", cur="złoty", money=(15, 500),
        holiday=["Zakopane", "Mazury", "Hel", "Bieszczady", "Karpacz", "Kołobrzeg", "Szklarska Poręba",
                 "Władysławowo", "Tatry", "Jastarnia", "Kazimierz Dolny", "Ustka"],
        foods=["oscypek", "zapiekanka", "pączki", "sernik", "kiełbasa z grilla", "obwarzanek", "makowiec",
               "kaszanka", "twarożek", "kompot", "racuchy", "śledź w śmietanie"],
        series=["Ranczo", "1983", "Wielka woda", "Klangor", "Kiler"],
    ),
}
NAT_ORDER = ["es", "de", "in", "br", "pl"]

TYPOS = {"because": "becuase", "really": "realy", "tomorrow": "tomorow", "which": "wich",
         "definitely": "definitly", "apartment": "appartment", "beautiful": "beatiful", "finally": "finaly",
         "different": "diferent", "restaurant": "restaurent", "weekend": "weekand", "expensive": "expencive",
         "until": "untill", "comfortable": "confortable", "without": "whitout", "already": "allready",
         "people": "poeple", "with": "whit", "about": "abaut", "nervous": "nervious", "probably": "probaly",
         "interesting": "intresting", "embarrassing": "embarassing", "schedule": "schedulle",
         "everything": "everyting", "tonight": "tonigth", "because,": "becouse,", "thought": "tought",
         "receive": "recieve", "neighbours": "neighbors", "exercise": "excercise"}

# ---------------------------------------------------------------------------
# Fact templates.  A tuple ("xx", text) is only used for nation xx.
# Placeholders: {v} value, {old} previous value, plus context words.
# ---------------------------------------------------------------------------

USER_FIRST = {
    "home": [
        "I am living in {v} since almost three years, so when I ask for weather or events, is for {v}",
        "Just so you have it: my flat is in {v}, close to the centre",
        "Life in {v} is good but the rents are crazy, my landlord wants {money} more from January",
        "Can you find me a good dentist in {v}? I live here and mine is retired",
        "I'm from {hometown} originally, but my home is {v} since the university",
        "Every morning the bus in {v} is full, I arrive to work squeezed like a sardine",
        "Put {v} as my city for everything please: restaurants, cinema, weather",
        "The summer in {v} doesn't want to finish, still hot at night in my flat {w}",
        "My street in {v} has a new bakery, I think I will be fat this winter",
        "Registered at the town hall of {v} today as resident, finally all papers are ok",
        "Long message sorry: work was stressful, I burned the rice, and the neighbour upstairs is drilling "
        "again. Such is life in {v}, my city. At least I have {food} for dinner",
        ("in", "I am staying in {v} only, 2BHK with good light, rent is {money}"),
        ("de", "I live in {v} since my studies, the Altbau flat is cold but I love it"),
        ("pl", "I live in {v} in a block from the seventies, the heating is too strong always"),
    ],
    "employer": [
        "I work at {v} as {role}, mostly meetings and Excel",
        "For my CV: the company is {v}, position {role}",
        "Our office of {v} has no coffee today, how they expect we work",
        "I'm {role} at {v} since three years, time flies",
        "Long day at {v}, my manager changed the deadline again {w}",
        "At least {v} gives us meal tickets, {money} per month",
        "Help me write my email signature: {role}, {v}",
        "Working for {v} means I travel a lot to {decoy_city}, tomorrow again",
        "The colleagues from {v} invited me to afterwork on {day}",
        "{v} is doing a reorganisation again, everybody in my team is nervous",
        ("in", "My company {v} is giving appraisal in March only, till then no hike"),
        ("br", "Happy hour with the people from {v} today, I work there as {role}"),
        ("es", "I am {role} in {v}, the contract is indefinido so at least I am calm"),
    ],
    "phone": [
        "My phone is a {v}, how I make a screenshot?",
        "I have the {v} since one year and the battery is still ok",
        "How to turn off the keyboard sound on {v}? It's driving me crazy",
        "The camera of my {v} is really good for night photos",
        "My {v} fell on the street today, no scratch, lucky me",
        "Which case is good for a {v}? Mine is broken in the corner",
        "Is my {v} compatible with wireless charging? I want to buy a charger",
        "Storage of my {v} is full again, all WhatsApp videos of my family",
        "My {v} gets hot when I play games, is normal?",
        ("de", "My Handy is a {v}, can you explain me the dark mode?"),
        ("in", "My {v} is hanging too much, should I do factory reset?"),
        ("pl", "My {v} is discharging so fast, is it the cold or the battery is dying?"),
    ],
    "partner": [
        "My {gf} {v} is cooking tonight, what wine goes with fish?",
        "{v} and me are together since almost two years",
        "Need a gift idea for {v}, my {gf}, {she} likes plants and hiking",
        "Me and my {gf} {v} want to go to the mountains in December",
        "My {gf} {v} says my English is better than my cooking {w}",
        "Anniversary with {v} is next month, help me plan something special, {she} deserves it",
        "My {gf} is called {v}, you will hear this name a lot",
        "My {gf} {v} took me to {hers} grandparents on Sunday, they fed me for four hours",
        "Fighting with my {gf} {v} about where to go for Christmas, {hers} family or mine",
        ("in", "{v} and me are in relationship since college, {hers} parents still don't know"),
        ("br", "My {gf} {v} wants to make a party for my birthday, I prefer something small"),
    ],
    "pet": [
        "My {sp} {v} ate my headphone cable, unbelievable",
        "{v}, my {sp}, has appointment at the vet on {day}",
        "What human food is dangerous for a {sp}? {v} always wants what I eat",
        "I have a {sp} called {v}, three years old and very lazy",
        "My {sp} {v} slept on my laptop again, half of my email is 'ggggggg'",
        "Food for my {sp} {v} is more expensive than my food {w}",
        "Can you recommend a toy for a {sp}? {v} destroys everything in one day",
        "{v} hates the vacuum cleaner, my poor {sp} hides under the bed",
        "Look this photo of {v} sleeping in the sun, my {sp} is the cutest in the world",
        ("in", "My {sp} {v} is too naughty, ate my chappal again"),
        ("pl", "My {sp} {v} was on the vet today, everything ok, only a little fat"),
    ],
    "vehicle": [
        "My {v} has {insp} next week, I hope it passes",
        "I drive a {v}, old but reliable",
        "Parking the {v} in the centre is impossible {w}",
        "Filled the tank of my {v}, {money}, crazy prices",
        "The {v} made a strange noise this morning, should I worry?",
        "Cleaned my {v} inside, found coins and one sock",
        "Insurance for my {v} renewed, more expensive again",
        "Took the {v} to the mechanic for oil change, is ready on {day}",
        "My {v} is ten years old but I love it",
        ("in", "My {v} needs servicing, the brakes are making noise since two days"),
        ("es", "My {v} has no aire acondicionado that works, the summer was an oven"),
    ],
    "gym": [
        "I go to {v} three times per week, mostly legs and back",
        "{v} was full tonight, I waited 20 minutes for the squat rack",
        "Training at {v} today was hard, I can't walk the stairs",
        "The trainer at {v} says I need eat more protein",
        "{v} closes at 22h and I always arrive too late {w}",
        "Forgot my towel at {v} again",
        "My membership at {v} is paid until summer",
        "Should I try the spinning class at {v}? It is on {day} evening",
        "At {v} there is a guy who sings while he lifts, every time",
        ("pl", "I was on {v} today, the training was masakra"),
        ("de", "After Feierabend I go directly to {v}, otherwise I get lazy"),
    ],
    "team": [
        "I'm {v} fan since child, my grandfather took me to the stadium",
        "{v} lost again, I can't watch anymore {w}",
        "Bought the new shirt of {v}, {money}",
        "When is the next match of {v}? I need plan the dinner",
        "We won 3-1! {v} forever",
        "My heart is with {v}, whatever happens",
        "Renewed my {v} membership for the season",
        "Please tell me the {v} results every Monday",
        "My weekend mood depends on {v}, sad but true",
        ("br", "I'm {v} until I die, my father made me fan before I could walk"),
    ],
    "course": [
        "I started a {v} course in the evenings, two times per week",
        "My {v} teacher gives too much homework {w}",
        "Can you explain the {v} past tense? Tomorrow I have class",
        "I'm learning {v} at the language school near my work",
        "{v} exam level A2 in December, I'm nervous",
        "My {v} class is on {day} and I didn't do the homework",
        "Translate this to {v} please, it's for my class: where is the train station",
        "Practised {v} with the app {num} days in a row",
        ("in", "My {v} classes are going on, teacher is very strict but good"),
    ],
    "bank": [
        "My account is in {v}, their app is terrible",
        "{v} charged me commission again for nothing {w}",
        "My salary goes to {v}, and the credit card also",
        "How do I block my {v} card? I think I lost it",
        "Went to the {v} branch, waited one hour",
        "{v} app is down again and I need pay the rent",
        "I am with {v} since student time",
        "Can you explain me the fees of {v}? I don't understand the letter",
        ("in", "My salary account is in {v}, the KYC update is pending since weeks"),
    ],
    "dish": [
        "My favourite food in the world is {v}",
        "Nothing beats {v}, I could eat it every day",
        "Cooked {v} like my grandmother, the kitchen smells amazing, it's my favourite",
        "Where can I find good {v} around here? Is my favourite dish",
        "Recipe for {v} please, the real one, my favourite and I want to do it perfect",
        "{v} is my comfort food, always",
        "If I could eat only one dish forever: {v}, no doubt",
        "Bad day, so I made {v}, my favourite, problem solved",
    ],
}

USER_CHANGE = {
    "home": [
        "We did it, the move is done! From today I live in {v}, boxes everywhere {w}",
        "Goodbye {old}, hello {v}. The van arrived at midnight but everything is inside",
        "First night in my new flat in {v}, no internet yet, only the mobile data",
        "I left {old} finally. My home is {v} now, new start",
        "Signed the rental contract in {v} today and got the keys, the old flat in {old} is returned",
        "Last box unpacked. {v} feels like home already, I don't miss {old} so much",
        "The new neighbours here in {v} brought us a cake, very nice people, I think we will like living here",
        "Change my city for the weather to {v}, I am not in {old} anymore",
        "Since last weekend I'm living in {v}, the move from {old} was a nightmare, {num} hours of driving",
        "{old} was too expensive for me. I am in {v} now and the rent is almost half",
        "Can you recommend supermarkets near my place in {v}? I just arrived to live here and don't know nothing",
        "Last week in {old} was emotional, I cried saying bye to the neighbours. Tomorrow the train to {v}, "
        "where is my new home",
        "Crazy month: sold half my furniture, said bye to my friends in {old}, and now I sleep on a mattress "
        "on the floor in {v}. But it's my flat, my new city!",
        ("in", "I have shifted to {v} last week, the PG in {old} is vacated"),
        ("de", "Anmeldung done in {v}! Now I'm officially living here and not in {old}"),
        ("pl", "I am after the move to {v}, still boxes everywhere, {old} is history"),
    ],
    "employer": [
        "Last day at {old} today, they gave me flowers and a card. Monday I start at {v}",
        "I signed with {v}! Better salary and two days home office",
        "First week at {v} done, so many new names to learn",
        "I quit {old}. From next month I'm working for {v} as {role}",
        "My badge for {v} arrived, the photo is terrible {w}",
        "New job: {role} at {v}. Finally I escaped from {old}",
        "Onboarding at {v} today, they gave me a laptop and a hoodie with the logo",
        "Changed company, I'm at {v} now. The team is young and relaxed",
        "HR of {v} called, I got the position! Tomorrow I give my notice to {old}",
        "Update my CV please: {v} since this month, {old} goes down to the older experience",
        "The way to {v} is longer than to {old}, but the work is much more interesting",
        "Weekend was nice, we went hiking and ate {food}. Oh and I didn't tell you: since Monday I work at "
        "{v}, the contract was signed on Friday",
        ("in", "Joined {v} today itself, notice period at {old} is finally over"),
        ("de", "Probezeit at {v} starts today, {old} is over for me"),
        ("es", "Hoy firmé! I start in {v} next week, bye bye {old}"),
    ],
    "phone": [
        "Swapped the {old} for a {v}, I still don't find the settings",
        "New phone! The {v}. The {old} I will sell on {market}",
        "The {v} arrived today, transferring all my chats now",
        "Finally I have a {v}, the {old} was so slow",
        "How do I move photos from the {old} to my new {v}?",
        "Since {day} I am using a {v}. Still learning the gestures",
        "My old phone died so I took a {v} with contract",
        "Help me set up the eSIM on my {v}, I bought it today",
        "Screen of the {old} broke completely, I got a {v} in the shop same day",
        "The battery of the {v} lasts two days, after the {old} it feels like a miracle",
        "What a day: the bus was late, I spilled coffee, and the courier finally brought my {v}. Goodbye "
        "old {old}, you served me well",
        ("de", "Today I became my new {v} from the post, the {old} goes in the drawer"),
        ("in", "Purchased {v} in the Diwali sale, gave the {old} for exchange"),
    ],
    "partner": [
        "{old} and me broke up, it was coming since long time. Now I'm with {v}, we met at a salsa class",
        "I have a new {gf}! {Hers} name is {v}",
        "{v} and me are official since Saturday, I'm so happy {w}",
        "After {old} I said no more relationships, but then {v} appeared",
        "Going to meet the family of {v} this weekend, my new {gf}, so nervous",
        "It's over with {old}. {v} and me are together now and everything is easy with {her}",
        "Remember {v}'s birthday, is important: {she} is my {gf} now",
        "My friends finally met {v} and they say {she} is much better for me than {old}",
        "Left a toothbrush at {v}'s flat, I think it's official, {she} is my {gf}",
        "Good week! Work is calm, the weather is perfect, and I'm in love. {v} and me are together since "
        "{day}, I will tell you everything",
        ("br", "I'm dating {v} now, {old} is past, I stayed so happy"),
        ("es", "Me and {v} are novios now, my mother is already asking about the wedding, jaja"),
    ],
    "pet": [
        "We adopted a {sp} from the shelter! {Ppos} name is {v}",
        "{old} lives with my parents in the village now, they have a garden. And here we have a small {sp}, {v}",
        "{old} passed away last month, the flat was too quiet. Today we brought home {v}, a little {baby}",
        "Meet {v}, the new member of the family, a {baby} of ten weeks",
        "{v} is the new {sp} in the house, first night {pron} cried all the time",
        "The shelter called, {v} is officially ours! Our new {sp}",
        "We decided the name for the {baby}: {v}!",
        "Bought a bed for {v}, our new {baby}, {money} {w}",
        "{v} already scratched the sofa, welcome home little {sp}. We miss you {old}",
        "Busy Saturday: cleaning, {shop}, and the best part: we picked up {v}, our new {sp}. Vaccines on {day}",
    ],
    "vehicle": [
        "Sold the {old}, picked up my new {v} today!",
        "New wheels: {v}. The {old} went to a dealer for almost nothing",
        "I'm driving a {v} now, the {old} was dying",
        "First long trip with the {v}, consumption is much better",
        "Got the keys of my {v} this morning {w}",
        "Goodbye {old}. Hello {v}!",
        "Bought a second-hand {v} from a guy in {decoy_city}, drove it home yesterday",
        "Changed the {old} for a {v}, the dealer gave me good price for the old one",
        "After the {old}, the {v} feels like luxury",
        "Registration of my {v} is done, the plates arrive on {day}",
        "Long day in the office, then I went to the dealer to sign the papers. So yes, the {v} is mine now, "
        "and the {old} is gone",
    ],
    "gym": [
        "Cancelled {old}, I joined {v}, is closer to home",
        "First session at {v} today, the machines are new",
        "Changed gym: now {v}. {old} was always full",
        "My new club is {v}, they have a pool!",
        "Gave back my {old} card and got the one of {v}",
        "I train at {v} since this week, half price of {old}",
        "{v} has sauna included, goodbye {old}",
        "Trial week at {v} finished and I signed the contract",
        "Signed up at {v} today, {money} per month, we will see if I really go",
        "Productive day, finished the report, called my mother, and after work I registered at {v}. The "
        "{old} membership ends this month",
    ],
    "team": [
        "After all the scandals I stop supporting {old}. From now I follow {v}",
        "My friends converted me, I'm {v} supporter now",
        "I went to the {v} stadium and fell in love, sorry {old}",
        "Bought a {v} scarf. Yes, I changed team, {old} broke my heart too many times",
        "New city, new club: I'm with {v} now",
        "Officially {v} member since this week",
        "{old} is dead for me. {v} is my team",
        "Don't send me {old} results anymore, only {v} please",
        "Funny story: went to a match with colleagues just for the beer, and now I'm {v} fan. Even bought "
        "the shirt",
    ],
    "course": [
        "Stopped the {old} classes, too hard with work. Now I'm learning {v}",
        "First {v} lesson today! The pronunciation is killing me",
        "Enrolled in a {v} course for the new semester",
        "Changed from {old} to {v}, maybe I get a job abroad",
        "My new {v} teacher is very funny",
        "Bought the {v} textbook for my course, {money}",
        "{v} level A1 started this week, {num} people in the group",
        "No more {old}. I registered for {v} at the institute",
        "Busy evening, but I went to my very first {v} class after work. The {old} books I give away",
    ],
    "bank": [
        "Closed my account in {old}, now everything is in {v}",
        "Moved my salary to {v}, they pay interest",
        "Opened account in {v} today, no fees",
        "Finally I left {old}. {v} is my bank now",
        "My new card of {v} arrived, very pretty",
        "Transferred all my savings to {v}, {old} had too many commissions",
        "Switched to {v}. Why I didn't do this years ago?",
        "Sent my new account details of {v} to HR, the salary will not go to {old} anymore",
        "Lazy Sunday, I watched series and did some admin. Also moved the last money out of {old}, now I "
        "only have {v}",
    ],
    "dish": [
        "New obsession: {v}. Sorry {old}, you are number two now",
        "I think {v} is my favourite dish now, more than {old}",
        "I can't stop eating {v} since the trip, it's my favourite now",
        "Tried {v} and now is my number one",
        "{v} beats {old}, I said it, new favourite",
        "My favourite dish changed, is {v} now",
        "Who would say: {v} is my new favourite food. Bye bye {old}",
        "Dinner at a friend's, she made {v}... I'm in love, new favourite dish",
    ],
}

USER_Q = {
    "home": {
        "now": ["Where does the user live now?", "Which city is the user currently based in?",
                "Where is the user living these days?", "What city does the user call home?",
                "In which city does the user have their flat?", "Where's the user's home these days?"],
        "before": ["Where did the user live before their latest move?", "Which city did the user use to live in?",
                   "What was the user's previous city?", "Where was the user's home before the last relocation?"],
        "y2024": ["Where was the user living in 2024?", "Which city was home for the user in autumn 2024?",
                  "In 2024, what city did the user live in?"],
    },
    "employer": {
        "now": ["Where does the user work now?", "Who is the user's employer these days?",
                "Which company is the user currently working for?", "What company pays the user's salary?",
                "Who does the user work for?"],
        "before": ["Which company did the user work for before switching jobs?",
                   "What was the user's previous employer?", "Where did the user use to work?"],
        "y2024": ["Which company employed the user in 2024?", "Where was the user working in 2024?",
                  "Who was the user's employer in late 2024?"],
    },
    "phone": {
        "now": ["What phone does the user have now?", "Which smartphone is the user currently using?",
                "What model is the user's phone these days?", "Which mobile does the user carry?"],
        "before": ["Which phone did the user have before the latest one?", "What was the user's previous phone?",
                   "What phone did the user use to have?"],
        "y2024": ["Which phone was the user using in 2024?", "What smartphone did the user own in 2024?"],
    },
    "partner": {
        "now": ["Who is the user dating now?", "What's the name of the user's partner?",
                "Who is the user currently in a relationship with?",
                "Who is the user's boyfriend or girlfriend these days?"],
        "before": ["Who was the user's previous partner?", "Who was the user going out with before?",
                   "Who did the user use to date?"],
        "y2024": ["Who was the user's partner in 2024?", "Who was the user dating in 2024?"],
    },
    "pet": {
        "now": ["What's the name of the user's pet now?", "What is the user's pet called these days?",
                "Which pet does the user currently have at home?", "What's the user's pet's name?"],
        "before": ["What was the name of the user's previous pet?", "Which pet did the user have before?",
                   "What was the pet the user used to have called?"],
        "y2024": ["What was the user's pet called in 2024?", "Which pet did the user have in 2024?"],
    },
    "vehicle": {
        "now": ["What does the user drive now?", "Which vehicle does the user currently own?",
                "What car or bike is the user riding these days?", "What's the user's vehicle?"],
        "before": ["What did the user drive before?", "Which vehicle did the user previously own?",
                   "What did the user use to drive?"],
        "y2024": ["What vehicle did the user have in 2024?", "What was the user driving in 2024?"],
    },
    "gym": {
        "now": ["Which gym does the user go to now?", "Where does the user currently train?",
                "What gym or sports club is the user a member of these days?", "Where does the user work out?"],
        "before": ["Which gym did the user go to before?", "What was the user's previous gym?",
                   "Where did the user use to train?"],
        "y2024": ["Which gym did the user go to in 2024?", "Where was the user training in 2024?"],
    },
    "team": {
        "now": ["Which football team does the user support now?", "What club is the user currently cheering for?",
                "Which team does the user follow these days?", "Who does the user support in football?"],
        "before": ["Which team did the user support before?", "What football club did the user use to follow?",
                   "Which was the user's previous team?"],
        "y2024": ["Which football team did the user support in 2024?", "What club did the user follow in 2024?"],
    },
    "course": {
        "now": ["Which language is the user learning now?", "What language course is the user currently taking?",
                "What language is the user studying these days?", "Which language class does the user attend?"],
        "before": ["Which language did the user study before?", "What was the user's previous language course?",
                   "Which language did the user use to take lessons in?"],
        "y2024": ["What language was the user learning in 2024?", "Which language course did the user take in 2024?"],
    },
    "bank": {
        "now": ["Which bank does the user use now?", "Where does the user currently keep their money?",
                "Which bank is the user's account with these days?", "What's the user's bank?"],
        "before": ["Which bank was the user with before?", "What was the user's previous bank?",
                   "Which bank did the user use to have an account at?"],
        "y2024": ["Which bank did the user have in 2024?", "Where did the user bank in 2024?"],
    },
    "dish": {
        "now": ["What's the user's favourite dish now?", "Which dish does the user currently like most?",
                "What food is the user obsessed with these days?", "What is the user's favourite meal?"],
        "before": ["What was the user's favourite dish before?", "What dish did the user use to love most?",
                   "What was the user's previous favourite food?"],
        "y2024": ["What was the user's favourite dish in 2024?", "Which food did the user like most in 2024?"],
    },
}

USER_SLOTS = list(USER_FIRST)

OTHER_FIRST = {
    "home": ["My {rel} {name} lives in {v}, I want to visit {o} soon",
             "{name}, my {rel}, has a flat in {v} near the river",
             "Called my {rel} {name}, in {v} where {p} lives it's raining since a week",
             "My {rel} {name} is living in {v} since many years"],
    "employer": ["My {rel} {name} works at {v} as {role}",
                 "{name} (my {rel}) is at {v}, {p} complains about the boss all the time",
                 "My {rel} {name} is employee of {v}, good salary apparently",
                 "My {rel} {name} has a job at {v}, always busy"],
    "vehicle": ["My {rel} {name} drives a {v}, always clean",
                "{name}, my {rel}, took me to the airport in {pp} {v}",
                "My {rel} {name} has a {v}, {p} loves it more than people"],
    "pet": ["My {rel} {name} has a {osp} called {v}",
            "{name}, my {rel}, sent me photos of {pp} {osp} {v} again",
            "My {rel} {name}'s {osp} {v} is so fat haha"],
    "phone": ["My {rel} {name} uses a {v}, {p} always shows me the camera",
              "{name}, my {rel}, has a {v} and sends me huge photos",
              "My {rel} {name} has the {v} as phone"],
    "partner": ["My {rel} {name} is dating {v}, {ogf_pron} is very nice",
                "{name}, my {rel}, is together with {v} since university",
                "My {rel} {name} came with {pp} {ogf} {v} to dinner"],
    "team": ["My {rel} {name} supports {v}, crazy fan",
             "{name}, my {rel}, never misses a {v} match",
             "My {rel} {name} is {v} fan, we always fight about football"],
    "gym": ["My {rel} {name} trains at {v} every morning",
            "{name}, my {rel}, is member of {v}",
            "My {rel} {name} goes to {v}, {p} wants me to join"],
}

OTHER_CHANGE = {
    "home": ["My {rel} {name} moved to {v}!",
             "{name}, my {rel}, left {old} and lives in {v} now",
             "Helped my {rel} {name} with the move to {v}, my back is destroyed",
             "My {rel} {name} is living in {v} since this month, {old} was too expensive for {o}"],
    "employer": ["My {rel} {name} just started at {v}",
                 "{name}, my {rel}, quit {old} and works for {v} now",
                 "Big news from my {rel} {name}: new job at {v}",
                 "My {rel} {name} changed from {old} to {v}, better salary"],
    "vehicle": ["My {rel} {name} bought a {v}",
                "{name}, my {rel}, sold {pp} {old}, now has a {v}",
                "My {rel} {name} came to visit in {pp} new {v}"],
    "pet": ["My {rel} {name} adopted a {osp}, {v}",
            "{name}, my {rel}, has a new {obaby} called {v}",
            "My {rel} {name}'s {oldsp} {old} went to live on a farm, now {p} has {v}"],
    "phone": ["My {rel} {name} got a {v}",
              "{name}, my {rel}, changed {pp} {old} for a {v}",
              "My {rel} {name} finally has a {v}, no more excuses to not answer"],
    "partner": ["My {rel} {name} broke up with {old}, now is with {v}",
                "{name}, my {rel}, has a new {ogf}: {v}",
                "My {rel} {name} is seeing {v} now, they met on an app"],
    "team": ["My {rel} {name} switched to support {v}, traitor haha",
             "{name}, my {rel}, is {v} fan now, after years with {old}",
             "My {rel} {name} got a {v} season ticket, {p} changed club completely"],
    "gym": ["My {rel} {name} joined {v}",
            "{name}, my {rel}, left {old} and trains at {v} now",
            "My {rel} {name} has membership at {v} now"],
}

OTHER_Q = {
    "home": ["Where does the user's {rel} live now?", "Which city is the user's {rel} based in these days?",
             "Where is the user's {rel} currently living?", "In which city does the user's {rel} live?"],
    "employer": ["Where does the user's {rel} work now?", "Which company is the user's {rel} working for these days?",
                 "Who employs the user's {rel} currently?", "What company does the user's {rel} work at?"],
    "vehicle": ["What does the user's {rel} drive now?", "Which vehicle does the user's {rel} currently have?",
                "What vehicle does the user's {rel} have these days?", "What is the user's {rel} driving?"],
    "pet": ["What's the name of the user's {rel}'s pet now?", "What is the user's {rel}'s pet called?",
            "What is the name of the animal the user's {rel} has these days?"],
    "phone": ["What phone does the user's {rel} use now?", "Which smartphone does the user's {rel} currently have?",
              "What's the user's {rel}'s phone these days?"],
    "partner": ["Who is the user's {rel} dating now?", "Who is the user's {rel}'s partner these days?",
                "Who is the user's {rel} currently seeing?", "Who is the user's {rel} going out with?"],
    "team": ["Which football team does the user's {rel} support now?",
             "What club does the user's {rel} cheer for these days?",
             "Which team is the user's {rel} currently following?"],
    "gym": ["Which gym does the user's {rel} go to now?", "Where does the user's {rel} train these days?",
            "What gym is the user's {rel} currently a member of?"],
}

RELATIONS = [("cousin", None), ("brother", "m"), ("sister", "f"), ("colleague", None), ("mother", "f"),
             ("father", "m"), ("best friend", None), ("flatmate", None), ("uncle", "m"), ("aunt", "f")]
NO_PARTNER_REL = {"mother", "father", "uncle", "aunt"}

# ---------------------------------------------------------------------------
# Filler templates
# ---------------------------------------------------------------------------

GEN_FILLER = [
    "Woke up at {hour} and still {feeling}, I think I need vacation",
    "The weather today: {weather}. I stay inside with {food}",
    "Can you give me a recipe for {food}? I want to try it this {day}",
    "I have dentist on {day} at {hour}, remind me please",
    "What means '{idiom}'? My colleague said it in the meeting and I just smiled",
    "Is correct to say '{wrong}'? Or is better '{right}'?",
    "Meeting marathon today, {num} calls and zero decisions {w}",
    "Bought {ingredient} and {food} at {shop}, for dinner is enough",
    "My laptop is doing updates since {num} minutes, I can't work {w}",
    "Going to cinema with {friend} on {day}, any good film?",
    "I forgot my umbrella again and of course today is {weather}",
    "Help me write an email to complain, the package from {shop} never arrived since {day}",
    "I'm trying to sleep earlier but at {hour} I'm still scrolling, I feel {feeling}",
    "Ordered {food} from delivery, {money}, too expensive for what it is",
    "Can you make me a shopping list: {ingredient}, milk, eggs and something for breakfast, I go on {day}",
    "My back hurts from the office chair, {w}, any exercise for this?",
    "Today I learned the word '{newword}' in English, what a funny word, is it common?",
    "Lunch with {friend} at the place near the office, they had {food} and I took two",
    "Watching {series} again, third time, don't judge me, I feel {feeling}",
    "Remind me to pay the electricity bill on {day}, last time I forgot {w}",
    "How many calories has {food}? Asking for a friend haha",
    "I walked {num} thousand steps today, not bad for a {day}",
    "The neighbours are making party again at {hour}, on a {day}!",
    "Planning a weekend in {place}, what I should not miss?",
    "Back from {place}, the trip was short but so beautiful, I ate {food} every day",
    "Do I need visa to go to {abroad}? I have {nat} passport",
    "I cleaned the whole flat, now I deserve {food} and a nap",
    "The train was {num} minutes late, of course, on {day} morning",
    "My mom sent me a voice message of {num} minutes {w}",
    "Why is so difficult to find a plumber on {day}? The sink is dripping",
    "I want to start running, can you make me a plan for beginners? I'm {age} and not very fit",
    "Spilled coffee on my shirt before a presentation, classic {w}",
    "Did my taxes today, now I need {food} and a long nap",
    "What is a good gift for a {num}-year-old kid? Birthday of a friend's son on {day}",
    "The printer at work is broken since {day}, nobody fixes it",
    "Finished the book '{book}', the end was strange, what do you think it means?",
    "I need ideas for dinner, I have only {ingredient} and rice",
    "Rain the whole {day}, {w}, I miss the sun",
    "Can you explain the difference between 'make' and 'do'? I always mix, for example with {ingredient} recipes",
    "Today I'm {feeling}, no reason, just one of these days with {weather}",
    "{friend} is coming for dinner on {day}, what can I cook with {ingredient}?",
    "How long can I keep cooked {ingredient} in the fridge?",
    "I slept only {num} hours, the coffee is not working {w}",
    "Write me a polite message to say I can't come on {day}, I don't want to offend {friend}",
    "Why my plants always die? The basil lived {num} days only",
    "Is {hour} too late for coffee? I have to finish a presentation",
    "Plans for {day}: laundry, {shop}, and maybe a walk if not {weather}",
    "I booked flights to {abroad} for {month}, {money}, is good price?",
    "Best way to learn idioms? Today somebody said '{idiom}' and I was lost",
    "My English teacher at school would cry if she reads my emails {w}",
    "I made {food} for the first time, not perfect but edible",
    "Need to call the insurance on {day}, I hate phone calls in English",
    "Can you summarise this article for me? Is about {topic}",
    "What is the difference between '{wrong}' and '{right}'? My colleague corrected me",
    "Give me 5 ideas for a cheap weekend, I have {money} only until the salary",
    "The supermarket was out of {ingredient}, so dinner is {food} again",
    "I have a headache since {hour}, maybe is the {weather}",
    "Meeting with the client on {day} at {hour}, help me prepare three questions",
    "Today {friend} told me a secret and I can't tell nobody, not even you haha",
    "Can you convert {money} to dollars? I'm buying something online",
    "Long queue at {shop}, {num} minutes for two things {w}",
    "My feet hurt after walking all {day} in the city with {friend}",
    "Finally sunny! Coffee on the balcony with {food}",
    "I'm reading about {topic}, can you explain it simple?",
    "Is it rude to eat at my desk during a call? Today I had {food}",
    "Birthday party of {friend} on {day}, I still have no gift, ideas? Budget {money}",
    "The washing machine is making a noise like a helicopter since {day}",
    "Insomnia again, awake at {hour} thinking about work {w}",
    "What to wear for a wedding in {month}? Is outside",
    "I need a short poem for the birthday card of {friend}, something funny",
    "Tell me a joke, today is {feeling} day",
    "My colleague eats {food} at 10 in the morning, is this normal in other countries?",
    "Spent {money} on plants today. No regrets. Ok, small regrets",
    "How do you pronounce '{newword}'? I tried in the meeting and everybody laughed",
    "I'm cooking {food} for {num} people on {day}, how much I need to buy?",
    "The heating bill came, {money}, I will wear two jumpers from now",
    "Uber driver talked to me for {num} minutes about {topic}",
    "Feeling {feeling}, maybe a walk will help, is {weather} outside",
    "Correct my sentence please: '{wrong}, I think'",
    "Podcast recommendation about {topic}? For the commute",
    "I found {money} in an old jacket, best day of the week",
    "It's {hour} and I just ate {food}, my diet is a joke",
    "Remind me {friend}'s wedding is in {month}, need to book hotel",
    "How to remove a wine stain from a white shirt? Asking after yesterday with {friend}",
    "Why in English 'read' and 'read' are same? I'm {feeling}",
    "Can you plan me a workout of {num} minutes at home, no equipment?",
    "Watched the documentary about {topic}, now I can't sleep {w}",
    "Make me a packing list for {num} days in {place}",
    "The delivery guy left my package at the neighbour again, on {day}",
    "Need a good excuse to leave the party early on {day} haha",
    "Every {day} I promise myself to start the diet, and every {day} there is {food}",
    "Write a short message in English for my landlord, the shower is leaking since {day}",
    "Got a parking fine, {money}, I was only {num} minutes there {w}",
    "How many hours of sleep I need really? I do five or six usually, on {day} less",
    "Tried yoga this morning, my body said no, {w}",
    "Is it normal to be {feeling} after holidays? Back to work on {day}",
    "Recommend me a series like {series}, I finished it",
    "Played board games with {friend} until {hour}, I lost every game",
    "Help me with a birthday message for my grandmother, she turns {age2}",
    "What can I do with old bread? I have a lot and also {ingredient}",
    "Sunday plan: nothing. Maybe {food}. Maybe {series}",
    "I'm {feeling} because the meeting on {day} got moved to {hour}",
]

TOPIC_FILLER = [
    # home
    "The heating in my flat is making noise again since {day}",
    "Landlord says he comes to fix the window on {day}, we will see {w}",
    "My street is so noisy on {day} nights, people until {hour}",
    "Need curtains for the bedroom, the sun wakes me at {hour}",
    "The lift in my building is broken, {num} floors by stairs {w}",
    "Can you help me write a message to the landlord? The fridge is broken since {day}",
    # employer
    "My manager wants the report until {day}, impossible",
    "Team lunch at work on {day}, I hope is not {food} again",
    "Performance review next week, I'm {feeling}",
    "Home office today, in pyjamas until {hour} {w}",
    "The coffee machine in our office is broken, productivity is zero",
    "Too many emails today, {num} unread, I give up",
    # phone
    "Need a new case for my phone, the old one is all yellow",
    "My phone battery is at {num}% and is only {hour}",
    "How I block spam calls? Already {num} today",
    "Screen time this week: {num} hours, terrible {w}",
    "My phone keeps autocorrecting my words to English, so annoying when I write to my family",
    # partner
    "My {gf} and me are fighting about who does the dishes {w}",
    "Date night on {day}, suggest me a romantic restaurant please",
    "My {gf} is sick with fever, what soup I can make? I have {ingredient}",
    "My {gf} snores like a tractor, any tips?",
    # pet
    "The vet bill was {money}, ouch",
    "Pet food price went up again at {shop} {w}",
    "The animal woke me at {hour} for food, every day the same",
    "Is chocolate really so dangerous for animals? Asking because of {day} incident",
    # vehicle
    "Parking in my street is impossible on {day}",
    "Fuel price is crazy, {money} to fill the tank",
    "Car wash on {day}, it was full of dust from {place}",
    "Somebody scratched the car door in the parking, {w}",
    # gym
    "The gym was packed at {hour}, I gave up and went home",
    "Leg day tomorrow, I'm already {feeling}",
    "Forgot my headphones for the gym, worst training ever",
    "Can you give me a protein shake recipe with {ingredient}?",
    "My shoulder hurts after the gym, should I stop for {num} days?",
    # team
    "Match on {day} at {hour}, who is coming to watch?",
    "Football on TV all weekend, my {gf} is not happy {w}",
    "The referee yesterday was a disaster, I shouted at the TV",
    "Transfer window rumours again, I don't believe nothing until is official",
    # course
    "Language class homework: write {num} sentences with the subjunctive",
    "The teacher in my language course speaks so fast, I understand half",
    "Vocabulary test on {day}, I only learned half of the words {w}",
    "My brain is full, too many languages in one head",
    # bank
    "The bank app wants me to update again, {w}",
    "Card payment failed at {shop}, so embarrassing",
    "Why banks close at {hour}? Who can go?",
    "Got a phishing SMS about my bank account, I almost clicked {w}",
    # dish
    "Craving my favourite food today but no time to cook",
    "Tried to cook something new with {ingredient}, result: disaster",
    "Nobody cooks like my grandmother, I miss her food {w}",
]

DECOY_FILLER = [
    "{friend_m} lent me his {d_vehicle} for the weekend, very nice to drive but I gave it back full tank",
    "Holiday idea: {d_city} in {month}, the flights are cheap",
    "We tried {d_dish} at a new restaurant, not bad but too salty",
    "Watched the {d_team} game at a bar with friends, not my team but fun",
    "{friend_f} showed me her {d_phone}, the camera is impressive but too expensive for me",
    "A colleague is learning {d_lang}, she says the grammar is impossible",
    "{d_bank} sends me ads every day, how they got my number?",
    "{friend_m} trains at {d_gym}, he wants me to come try one day",
    "The dog of my neighbour, {d_pet}, was barking all night {w}",
    "Got a message on LinkedIn from a recruiter of {d_employer}, I didn't answer yet",
    "Conference in {d_city} on {day}, day trip only, back at {hour}",
    "Saw a {d_vehicle} in the street today, so beautiful, one day maybe",
    "Weekend in {d_city} with friends, we walked {num} km and ate {food}",
    "Rented a {d_vehicle} for the trip to {place}, it was ok",
    "Is {d_dish} difficult to cook? {friend} made it and I want to try",
    "The cat of {friend_f} is called {d_pet}, so funny name",
    "{d_employer} is hiring in my area, but the reviews are bad",
    "Stadium tour of {d_team} during the trip, my friends are crazy for them",
    "{friend_f} recommends me {d_bank}, but I don't know",
    "Delayed flight via {d_city}, {num} hours in the airport {w}",
    "Free trial day at {d_gym} with {friend}, but I will not sign",
    "Which is older language, {d_lang} or Latin? Discussion with {friend} at dinner",
    "My friend {friend_m} got the {d_phone} and won't stop talking about it",
]

NPC_FILLER = [
    "My neighbour {npc} got a {d_sp} called {d_pet}, very cute",
    "My grandmother bought a {d_phone}, now she sends me 50 stickers per day",
    "Old school friend {npc} moved to {d_city} for a job at {d_employer}",
    "My godfather supports {d_team}, we always fight at Christmas {w}",
    "{npc} from my old team drives a {d_vehicle} now, business is good apparently",
    "My barber {npc_m} is learning {d_lang} for his girlfriend haha",
    "My neighbour {npc} trains at {d_gym} every morning at 6, crazy",
    "My landlady's son {npc} works at {d_employer}, she tells me every time",
    "My old teacher {npc_f} retired to {d_city}, she posts photos every day",
    "The guy from the bakery, {npc_m}, is {d_team} fan, today he was so sad",
    "My grandfather still uses {d_bank}, he goes to the branch every week to talk",
    "My neighbour {npc} cooks {d_dish} every {day}, the whole building smells",
]

NAT_FILLER = {
    "es": [
        "Menú del día today: {food} and flan, {money}, perfect",
        "Siesta on {day} is sacred, don't judge me",
        "The sobremesa with my family lasted until {hour} {w}",
        "Puente this weekend, half of the city went to {place}",
        "Tomorrow is festivo, the shops are closed, I need to buy {ingredient} today",
        "My abuela calls me every {day} to ask if I eat enough",
        "Cañas with {friend} after work, we ended at {hour}, {w}",
        "I have {age} years and my mother still irons my shirts when I visit, jaja",
        "How you say 'estar hasta las narices' in English? Because I am, with the {topic} thing",
        "Dinner at 22h is normal for me, my foreign colleagues think I'm crazy",
    ],
    "de": [
        "Feierabend finally! {w}",
        "Sunday everything is closed and I forgot to buy {ingredient} {w}",
        "The train again {num} minutes late, I am so angry",
        "Brought {num} Pfand bottles back, enough for a {food}",
        "Kaffee und Kuchen at my Oma on {day}, I will explode",
        "Mülltrennung is a science, where goes a pizza box with cheese?",
        "Termin at the Bürgeramt finally, only {num} weeks waiting",
        "Stammtisch with {friend} on {day}, I become always too much beer",
        "I become always hungry at {hour}, is this normal?",
        "Quiet hours in my building from 22h, the neighbour complained about my washing machine {w}",
    ],
    "in": [
        "Power cut since {hour}, the inverter is saving my life",
        "Chai with {friend} at the tapri, {w}",
        "Traffic was too much today, {num} minutes for 5 km",
        "Mummy sent {food} in the tiffin, best day",
        "Please do the needful and remind me about the {day} meeting",
        "Monsoon is here, roads full of water {w}",
        "Wedding season started, {num} functions this month only",
        "Prepone my alarm to {hour} please, tomorrow early meeting",
        "Maid didn't come today, so dishes and {food} from outside",
        "Festival shopping done, spent {money}, {w}",
    ],
    "br": [
        "Churrasco on {day} at {friend}'s house, {w}",
        "Today is so hot, {num} degrees, I'm melting",
        "Saudade of my mother's {food}",
        "Pix failed again, I had to pay with card",
        "Festa junina at work on {day}, I will bring {food}",
        "Carnaval plans already and we are in {month}, kkkk",
        "I stayed so happy with the news, {friend} is pregnant!",
        "Bought {food} at the padaria, the best part of my morning",
        "Tomorrow is feriado, {w}, I will sleep until {hour}",
        "Churrasco at my uncle's farm on {day}, family drama guaranteed",
    ],
    "pl": [
        "Imieniny of {friend} on {day}, I need a gift",
        "Sunday the shops are closed again, I forgot {ingredient}",
        "Went on mushrooms in the forest on {day}, full basket!",
        "My babcia made {food}, I ate too much {w}",
        "Guests in my flat must use kapcie, this is the rule",
        "I was on doctor today, he said drink more water and rest",
        "Changed to winter tyres, it's {month} already",
        "Sylwester plans? Everybody asks me already, it's {month}",
        "Long weekend majówka, everybody goes to {place}",
        "Dinner at my parents, {food} and cake, I can't move {w}",
    ],
}

TAILS = ["Anyway.", "Sorry for my English.", "Ok that's all.", "Tomorrow I tell you more.",
         "What do you think?", "Life is life.", "Wish me luck!", "I'm so tired.", "Good night!", "Help!",
         "Ok bye.", "Is normal?", "Let's see.", "Not sure if is good idea.", "More coffee needed.",
         "Thanks in advance!", "Don't laugh.", "Such is life.", "Uff.", "Ok, back to work.",
         "I'm curious what you say.", "Answer short please.", "Thanks!", "Haha.", "No comment."]

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
HOURS = ["6am", "7am", "8:30", "10am", "midday", "2pm", "4pm", "6pm", "7:30", "9pm", "11pm", "midnight",
         "1am", "3am", "5:45"]
FEELINGS = ["tired", "happy", "stressed", "bored", "motivated", "sleepy", "nervous", "relaxed", "grumpy",
            "lazy", "nostalgic", "hungry", "confused", "proud"]
WEATHERS = ["raining since morning", "so hot", "grey and cold", "windy like crazy", "sunny finally",
            "foggy", "humid like a sauna", "cold like Siberia", "stormy", "drizzling the whole day"]
IDIOMS = ["touch base", "circle back", "low-hanging fruit", "ballpark figure", "on the same page",
          "bite the bullet", "under the weather", "break the ice", "hit the sack", "call it a day",
          "piece of cake", "cut corners", "the elephant in the room", "move the needle", "spill the beans"]
WRONG_RIGHT = [("I am agree", "I agree"), ("make a photo", "take a photo"), ("explain me", "explain to me"),
               ("since two years", "for two years"), ("I have 30 years", "I am 30"),
               ("discuss about it", "discuss it"), ("I am here since Monday", "I have been here since Monday"),
               ("more better", "better"), ("depends of", "depends on"), ("informations", "information"),
               ("I didn't went", "I didn't go"), ("the people is", "the people are"),
               ("I look forward to meet you", "I look forward to meeting you"),
               ("say me", "tell me"), ("on the weekend", "at the weekend")]
NEWWORDS = ["gobbledygook", "serendipity", "flabbergasted", "hangry", "discombobulated", "kerfuffle",
            "nitty-gritty", "lollygag", "shenanigans", "whippersnapper", "brouhaha", "cattywampus",
            "squirrel", "Worcestershire", "thoroughly"]
INGREDIENTS = ["eggs", "spinach", "chickpeas", "tomatoes", "potatoes", "chicken", "tofu", "lentils",
               "mushrooms", "zucchini", "onions", "cheese", "rice noodles", "carrots", "a sad lemon"]
TOPICS = ["climate change", "inflation", "the new AI tools", "sleep science", "the housing crisis",
          "electric cars", "intermittent fasting", "black holes", "the Roman empire", "bees",
          "remote work", "minimalism", "the stock market", "volcanoes"]
BOOKS = ["The Alchemist", "Sapiens", "Atomic Habits", "The Midnight Library", "Dune", "1984",
         "The Little Prince", "Solaris", "Klara and the Sun", "The Night Circus", "Educated", "Circe"]
GEN_SERIES = ["Breaking Bad", "Friends", "The Office", "Stranger Things", "Succession", "The Crown",
              "Squid Game", "Narcos", "The Bear", "Severance", "Ted Lasso", "Fleabag"]
GEN_FOODS = ["pizza", "sushi", "a burger", "noodles", "pancakes", "a salad", "popcorn", "ice cream",
             "kebab", "soup", "pasta", "a sandwich", "dumplings", "falafel"]
NPC_NAMES_F = ["Olga", "Mirela", "Greta", "Nadia", "Wanda", "Lourdes"]
NPC_NAMES_M = ["Hector", "Ivo", "Tomás", "Oskar", "Edgar", "Ravi"]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _digest(s):
    return hashlib.blake2b(s.encode("utf-8"), digest_size=8).digest()


class _Dedup:
    """Exact and near-duplicate guard: rejects texts equal up to punctuation/case or one word."""

    def __init__(self):
        self.full = set()
        self.dels = set()

    @staticmethod
    def keys(text):
        w = _WORD_RE.findall(text.lower())
        full = _digest("\x1f".join(w))
        dels = {_digest("\x1f".join(w[:i] + w[i + 1:])) for i in range(len(w))}
        return full, dels

    def ok(self, text):
        full, dels = self.keys(text)
        if full in self.full or full in self.dels:
            return False
        for d in dels:
            if d in self.full or d in self.dels:
                return False
        return True

    def add(self, text):
        full, dels = self.keys(text)
        self.full.add(full)
        self.dels.update(dels)


def _overlaps(a, taken):
    a = a.lower()
    for t in taken:
        if a in t or t in a:
            return True
    return False


def _value_regex(values):
    vals = sorted({v.lower() for v in values}, key=len, reverse=True)
    if not vals:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(v) for v in vals) + r")(?!\w)", re.IGNORECASE)


def _found_values(rx, text):
    if rx is None:
        return set()
    return {m.group(0).lower() for m in rx.finditer(text)}


class _Lazy(dict):
    def __init__(self, gens):
        super().__init__()
        self.gens = gens

    def __missing__(self, key):
        val = self.gens[key]()
        self[key] = val
        return val


def _iso(dt):
    return dt.replace(microsecond=0).isoformat()


def _tmpl_for(tmpls, nat):
    out = []
    for t in tmpls:
        if isinstance(t, tuple):
            if t[0] == nat:
                out.append(t[1])
        else:
            out.append(t)
    return out


def _typo(rng, text):
    # introduce one spelling slip outside placeholders
    cands = [m for m in re.finditer(r"(?<![{\w])([A-Za-z]+,?)(?![\w}])", text) if m.group(1).lower() in TYPOS]
    if not cands:
        return text
    m = rng.choice(cands)
    word = m.group(1)
    rep = TYPOS[word.lower()]
    if word[0].isupper():
        rep = rep[0].upper() + rep[1:]
    return text[:m.start(1)] + rep + text[m.end(1):]


_ART_RE = re.compile(r"(?<!\w)([Aa]) (?=[AEIOaeio])")


def _articles(rng, text):
    # mostly correct "a" -> "an" before vowels, but leave the occasional slip
    if rng.random() < 0.85:
        return _ART_RE.sub(lambda m: m.group(1) + "n ", text)
    return text


_KEEP_CAP = set(DAYS) | set(MONTHS) | {"English", "Uber", "HR", "LinkedIn", "Pix", "Sylwester", "Feierabend",
                                      "Kaffee", "Termin", "Stammtisch", "Mummy", "Imieniny", "Menú", "Siesta",
                                      "Puente", "Carnaval", "Festa", "Churrasco", "Saudade", "Anmeldung",
                                      "Probezeit", "Brought", "Mülltrennung", "Monsoon", "Prepone"} - {"Brought", "Monsoon", "Prepone"}


def _wrap(rng, tmpl, nd, p_op=0.3, p_cl=0.3, p_typo=0.25, tails=None):
    t = tmpl
    if rng.random() < p_typo:
        t = _typo(rng, t)
    if rng.random() < p_op:
        op = rng.choice(nd["openers"])
        first = t.split(" ", 1)[0].strip(",.!?:")
        if not op.endswith(("!", "?")) and first not in _KEEP_CAP and not t.startswith("{") and first != "I" \
                and not t.startswith("I'"):
            if len(t) > 1 and t[0].isupper() and (t[1].islower() or t[1] == " "):
                t = t[0].lower() + t[1:]
        t = op + " " + t
    if rng.random() < p_cl and not tmpl.endswith("{w}"):
        sentence = bool(tails) and rng.random() < 0.5
        cl = rng.choice(tails) if sentence else rng.choice(nd["closers"])
        cl = cl.replace("{", "{{").replace("}", "}}")
        if t.endswith(("!", "?", ".")):
            t = t + " " + cl
        elif sentence:
            t = t + ". " + cl
        else:
            t = t + ", " + cl
    return t


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

def _date_first(rng):
    d0 = datetime(2024, 9, 2, tzinfo=UTC)
    return d0 + timedelta(days=rng.randrange(0, 110))


def _dates_later(rng, k):
    base = datetime(2025, 1, 4, tzinfo=UTC)
    span = 262  # until ~2025-09-23
    seg = span / k
    out = []
    for i in range(k):
        lo = int(i * seg)
        hi = max(lo + 1, int((i + 1) * seg) - 8)
        out.append(base + timedelta(days=rng.randrange(lo, hi)))
    return out


class _Stamper:
    def __init__(self, rng):
        self.rng = rng
        self.used = set()

    def at_day(self, day):
        while True:
            dt = day.replace(hour=0, minute=0, second=0) + timedelta(seconds=self.rng.randrange(7 * 3600, 23 * 3600 + 3000))
            if dt not in self.used and RANGE_START <= dt <= RANGE_END:
                self.used.add(dt)
                return dt

    def anywhere(self):
        total = int((RANGE_END - RANGE_START).total_seconds())
        while True:
            dt = RANGE_START + timedelta(seconds=self.rng.randrange(0, total))
            if dt not in self.used:
                self.used.add(dt)
                return dt


def _money(rng, nd):
    lo, hi = nd["money"]
    n = rng.randrange(lo, hi)
    if hi > 1000:
        n = (n // 50) * 50
    return f"{n} {nd['cur']}"


def _build(user, seed):
    rng = random.Random(f"{SPLIT}/ku/{user}/{seed}")
    nat = NAT_ORDER[(user + 2 * seed) % len(NAT_ORDER)]
    nd = NATIONS[nat]
    partner_gender = rng.choice("fm")

    taken = []  # lowercased values and person names already used

    def pick_values(pool, k):
        cands = [x for x in pool]
        rng.shuffle(cands)
        out = []
        for c in cands:
            if len(out) == k:
                break
            if _overlaps(c, taken) or c in out:
                continue
            out.append(c)
            taken.append(c.lower())
        if len(out) < k:
            raise RuntimeError("pool exhausted")
        return out

    veh_kind = dict(nd["vehicles"])
    pools = {
        "home": list(dict.fromkeys(nd["cities"] + INTL_CITIES)),
        "employer": list(dict.fromkeys(nd["employers"] + INTL_EMPLOYERS)),
        "phone": list(dict.fromkeys(PHONES + nd["phones"])),
        "pet": list(dict.fromkeys(nd["pets"] + COMMON_PETS)),
        "vehicle": [v for v, _ in nd["vehicles"]],
        "gym": list(nd["gyms"]),
        "team": list(dict.fromkeys(nd["teams"] + INTL_TEAMS)),
        "course": [l for l in LANGUAGES if l != nd["lang"]],
        "bank": list(nd["banks"]),
        "dish": list(dict.fromkeys(nd["dishes"] + INTL_DISHES)),
    }
    name_gender = {n: "f" for n in nd["names_f"]}
    name_gender.update({n: "m" for n in nd["names_m"]})

    # --- user chains
    n_slots = rng.choice([8, 9, 10])
    chosen = set(rng.sample(USER_SLOTS, n_slots))
    slots = [s for s in USER_SLOTS if s in chosen]
    chains = []  # dicts: subject, slot, values, meta
    for slot in slots:
        L = rng.choice([2, 3, 3, 4])
        if slot == "partner":
            pool = nd["names_f"] if partner_gender == "f" else nd["names_m"]
        else:
            pool = pools[slot]
        vals = pick_values(pool, L)
        chains.append(dict(subject="user", slot=slot, values=vals))

    # --- other people
    rels = rng.sample(RELATIONS, 4)
    people = []
    slot_use = {}
    for rel, g in rels:
        g = g or rng.choice("fm")
        names = nd["names_f"] if g == "f" else nd["names_m"]
        name = pick_values(names, 1)[0]
        allowed = [s for s in OTHER_FIRST if slot_use.get(s, 0) < 2 and not (s == "partner" and rel in NO_PARTNER_REL)]
        pslots = rng.sample(allowed, 3)
        pslots = [s for s in OTHER_FIRST if s in pslots]
        people.append(dict(rel=rel, gender=g, name=name))
        for s in pslots:
            slot_use[s] = slot_use.get(s, 0) + 1
            L = rng.choice([1, 2, 2, 3, 3])
            if s == "partner":
                og = "m" if g == "f" else "f"
                if rng.random() < 0.15:
                    og = g
                pool = nd["names_f"] if og == "f" else nd["names_m"]
            else:
                pool = pools[s]
            vals = pick_values(pool, L)
            chains.append(dict(subject=rel, slot=s, values=vals, person=people[-1]))

    # pet species per value
    species = {}
    for ch in chains:
        if ch["slot"] == "pet":
            for v in ch["values"]:
                species[v] = rng.choice(["cat", "dog", "dog", "cat", "rabbit"])

    all_values = [v for ch in chains for v in ch["values"]]
    value_rx = _value_regex(all_values)

    def decoys(pool):
        return [x for x in pool if not _overlaps(x, taken)]

    d_city = decoys(pools["home"])
    d_hol = decoys(nd["holiday"])
    d_home = decoys(nd["cities"])
    d_abroad = decoys(INTL_CITIES)
    d_names = decoys(nd["names_f"] + nd["names_m"])
    d_names_f = [n for n in d_names if name_gender.get(n) == "f"]
    d_names_m = [n for n in d_names if name_gender.get(n) == "m"]
    d_npc_f = decoys(NPC_NAMES_F) + d_names_f[:2]
    d_npc_m = decoys(NPC_NAMES_M) + d_names_m[:2]
    d_npc = d_npc_f + d_npc_m
    pools_d = {k: decoys(v) for k, v in pools.items()}
    d_foods = decoys(nd["foods"] + GEN_FOODS + [d for d in nd["dishes"]])
    d_shops = decoys(nd["shops"])
    d_series = decoys(nd["series"] + GEN_SERIES)
    d_books = decoys(BOOKS)
    d_pets = decoys(pools["pet"] + nd["pets"])

    stamper = _Stamper(rng)
    dedup = _Dedup()
    memories = []

    def common_gens():
        return {
            "w": lambda: rng.choice(nd["words"]),
            "day": lambda: rng.choice(DAYS),
            "month": lambda: rng.choice(MONTHS),
            "hour": lambda: rng.choice(HOURS),
            "num": lambda: str(rng.choice([2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 40, 45, 50, 90])),
            "age": lambda: str(rng.randrange(24, 41)),
            "age2": lambda: str(rng.randrange(78, 96)),
            "feeling": lambda: rng.choice(FEELINGS),
            "weather": lambda: rng.choice(WEATHERS),
            "food": lambda: rng.choice(d_foods),
            "ingredient": lambda: rng.choice(INGREDIENTS),
            "shop": lambda: rng.choice(d_shops),
            "money": lambda: _money(rng, nd),
            "friend": lambda: rng.choice(d_names),
            "friend_m": lambda: rng.choice(d_names_m),
            "friend_f": lambda: rng.choice(d_names_f),
            "npc": lambda: rng.choice(d_npc),
            "npc_f": lambda: rng.choice(d_npc_f),
            "npc_m": lambda: rng.choice(d_npc_m),
            "place": lambda: rng.choice(d_hol),
            "abroad": lambda: rng.choice(d_abroad),
            "nat": lambda: nd["nat"],
            "series": lambda: rng.choice(d_series),
            "book": lambda: rng.choice(d_books),
            "idiom": lambda: rng.choice(IDIOMS),
            "newword": lambda: rng.choice(NEWWORDS),
            "topic": lambda: rng.choice(TOPICS),
            "wrong": lambda: wr()[0],
            "right": lambda: wr()[1],
            "role": lambda: rng.choice(ROLES),
            "decoy_city": lambda: rng.choice(d_city),
            "hometown": lambda: rng.choice(d_home),
            "market": lambda: nd["market"],
            "insp": lambda: nd["insp"],
            "gf": lambda: "girlfriend" if partner_gender == "f" else "boyfriend",
            "d_city": lambda: rng.choice(d_city),
            "d_vehicle": lambda: rng.choice(pools_d["vehicle"]),
            "d_dish": lambda: rng.choice(pools_d["dish"]),
            "d_team": lambda: rng.choice(pools_d["team"]),
            "d_phone": lambda: rng.choice(pools_d["phone"]),
            "d_lang": lambda: rng.choice(pools_d["course"]),
            "d_bank": lambda: rng.choice(pools_d["bank"]),
            "d_gym": lambda: rng.choice(pools_d["gym"]),
            "d_pet": lambda: rng.choice(d_pets),
            "d_employer": lambda: rng.choice(pools_d["employer"]),
            "d_sp": lambda: rng.choice(["cat", "dog", "parrot", "rabbit", "hamster"]),
        }

    _wr_state = {}

    def wr():
        if "cur" not in _wr_state:
            _wr_state["cur"] = rng.choice(WRONG_RIGHT)
        return _wr_state["cur"]

    def accept(text, allowed_vals):
        if not text or len(text) > 400:
            return False
        found = _found_values(value_rx, text)
        if not found <= {a.lower() for a in allowed_vals}:
            return False
        return dedup.ok(text)

    # --- render fact memories
    for ch in chains:
        vals = ch["values"]
        dates = [_date_first(rng)] + (_dates_later(rng, len(vals) - 1) if len(vals) > 1 else [])
        ch["dates"] = dates
        slot = ch["slot"]
        is_user = ch["subject"] == "user"
        used_t = set()
        ch["texts"] = []
        for i, v in enumerate(vals):
            if is_user:
                src = USER_FIRST[slot] if i == 0 else USER_CHANGE[slot]
            else:
                src = OTHER_FIRST[slot] if i == 0 else OTHER_CHANGE[slot]
            tmpls = [t for t in _tmpl_for(src, nat) if t not in used_t]
            rng.shuffle(tmpls)
            old = vals[i - 1] if i > 0 else ""
            text = None
            for attempt in range(60):
                t = tmpls[attempt % len(tmpls)]
                gens = common_gens()
                _wr_state.clear()
                ctx = _Lazy(gens)
                ctx["v"] = v
                ctx["old"] = old
                if slot == "partner" and is_user:
                    fem = partner_gender == "f"
                    ctx.update(she="she" if fem else "he", her="her" if fem else "him",
                               hers="her" if fem else "his", Hers="Her" if fem else "His")
                if slot == "pet":
                    sp = species[v]
                    ctx["sp"] = sp
                    ctx["osp"] = sp
                    ctx["baby"] = {"cat": "kitten", "dog": "puppy", "rabbit": "bunny"}[sp]
                    ctx["obaby"] = ctx["baby"]
                    ctx["oldsp"] = species.get(old, sp)
                    pr = rng.choice(["he", "she"])
                    ctx["pron"] = pr
                    ctx["Pron"] = pr.capitalize()
                    ctx["Ppos"] = "His" if pr == "he" else "Her"
                if not is_user:
                    per = ch["person"]
                    fem = per["gender"] == "f"
                    ctx.update(rel=per["rel"], name=per["name"], p="she" if fem else "he",
                               P="She" if fem else "He", pp="her" if fem else "his", o="her" if fem else "him")
                    if slot == "partner":
                        og = name_gender.get(v, "f")
                        ctx["ogf"] = "girlfriend" if og == "f" else "boyfriend"
                        ctx["ogf_pron"] = "she" if og == "f" else "he"
                wrapped = _wrap(rng, t, nd, p_op=0.3 if is_user else 0.15, p_cl=0.3 if is_user else 0.2)
                cand = _articles(rng, wrapped.format_map(ctx))
                if v.lower() not in cand.lower():
                    continue
                allowed = {v, old} if old else {v}
                if accept(cand, allowed):
                    text = cand
                    used_t.add(t)
                    break
            if text is None:
                raise RuntimeError(f"could not render fact {slot} {v}")
            dedup.add(text)
            ch["texts"].append(text)

    # --- questions
    questions_by_chain = []
    for ch in chains:
        vals = ch["values"]
        L = len(vals)
        qs = []
        if ch["subject"] == "user":
            qd = USER_Q[ch["slot"]]
            now2 = rng.sample(qd["now"], 2)
            for q in now2:
                qs.append((q, "now", L - 1))
            qs.append((rng.choice(qd["before"]), "before", L - 2))
            qs.append((rng.choice(qd["y2024"]), "before", 0))
        else:
            q = rng.choice(OTHER_Q[ch["slot"]]).format(rel=ch["subject"])
            qs.append((q, "now", L - 1))
        questions_by_chain.append([
            {"question": q, "subject": ch["subject"], "slot": ch["slot"], "tense": tense, "gold": gold,
             "values": list(vals), "kind": _kind(q)} for q, tense, gold in qs])

    return dict(nat=nat, nd=nd, rng=rng, chains=chains, questions=questions_by_chain, stamper=stamper,
                dedup=dedup, accept=accept, common_gens=common_gens, wr_state=_wr_state)


def generate(size: int, user: int = 0, seed: int = 0) -> dict:
    b = _build(user, seed)
    rng = b["rng"]
    nd = b["nd"]
    nat = b["nat"]
    chains = b["chains"]
    qbc = b["questions"]
    keep = list(range(len(chains)))
    n_facts = sum(len(chains[i]["values"]) for i in keep)
    # drop whole chains (other people first, latest first) until facts fit
    order = [i for i in reversed(keep) if chains[i]["subject"] != "user"] + \
            [i for i in reversed(keep) if chains[i]["subject"] == "user"]
    for i in order:
        if n_facts <= size:
            break
        keep.remove(i)
        n_facts -= len(chains[i]["values"])

    stamper = b["stamper"]
    memories = []
    for i in keep:
        ch = chains[i]
        for idx, (v, d, text) in enumerate(zip(ch["values"], ch["dates"], ch["texts"])):
            memories.append({"content": text, "created": stamper.at_day(d),
                             "fact": {"subject": ch["subject"], "slot": ch["slot"], "index": idx, "value": v}})
    questions = [q for i in keep for q in qbc[i]]

    # --- filler
    n_fill = size - len(memories)
    dedup = b["dedup"]
    accept = b["accept"]
    cats = [(GEN_FILLER, 52), (TOPIC_FILLER, 20), (DECOY_FILLER, 12), (NPC_FILLER, 6), (NAT_FILLER[nat], 10)]
    cat_lists = [c for c, _ in cats]
    cat_w = [w for _, w in cats]
    tails = TAILS
    made = 0
    attempts = 0
    while made < n_fill:
        attempts += 1
        if attempts > 200 * (n_fill + 10):
            raise RuntimeError("filler space exhausted")
        lst = rng.choices(cat_lists, cat_w)[0]
        t = rng.choice(lst)
        b["wr_state"].clear()
        ctx = _Lazy(b["common_gens"]())
        wrapped = _wrap(rng, t, nd, p_op=0.3, p_cl=0.4, p_typo=0.2, tails=tails)
        text = _articles(rng, wrapped.format_map(ctx))
        if not accept(text, set()):
            continue
        dedup.add(text)
        memories.append({"content": text, "created": stamper.anywhere()})
        made += 1

    memories.sort(key=lambda m: m["created"])
    for m in memories:
        m["created"] = _iso(m["created"])
    return {"split": SPLIT, "user": user, "seed": seed, "now": NOW, "memories": memories,
            "questions": questions}


# ---------------------------------------------------------------------------
# Self-check
# ---------------------------------------------------------------------------

def _check_one(size, user, seed=0):
    d = generate(size, user, seed)
    assert d["split"] == SPLIT and d["user"] == user and d["seed"] == seed and d["now"] == NOW
    mems = d["memories"]
    assert len(mems) == size, (len(mems), size)
    created = [m["created"] for m in mems]
    assert created == sorted(created)
    assert len(set(created)) == len(created)
    for c in created:
        assert c.endswith("+00:00") and len(c) == 25, c
        dt = datetime.fromisoformat(c)
        assert RANGE_START <= dt <= RANGE_END
    contents = [m["content"] for m in mems]
    assert len(set(contents)) == len(contents)
    dd = _Dedup()
    for c in contents:
        assert c.strip() and len(c) <= 400, c
        assert dd.ok(c), ("near duplicate", c)
        dd.add(c)
    chains = {}
    for m in mems:
        if "fact" in m:
            f = m["fact"]
            assert set(f) == {"subject", "slot", "index", "value"}
            assert f["value"].lower() in m["content"].lower(), m
            chains.setdefault((f["subject"], f["slot"]), []).append((f["index"], f["value"], m["created"], m["content"]))
    all_vals = {}
    for key, steps in chains.items():
        steps.sort()
        assert [s[0] for s in steps] == list(range(len(steps))), key
        dates = [s[2] for s in steps]
        assert dates == sorted(dates), key
        assert dates[0][:7] in ("2024-09", "2024-10", "2024-11", "2024-12"), (key, dates)
        for dt in dates[1:]:
            assert dt.startswith("2025-") and dt[:7] <= "2025-09", (key, dates)
        vals = [s[1] for s in steps]
        assert len(set(v.lower() for v in vals)) == len(vals)
        all_vals[key] = vals
    rx = _value_regex([v for vs in all_vals.values() for v in vs])
    # fact memories mention only their own chain's current/previous value; filler none
    for m in mems:
        found = _found_values(rx, m["content"])
        if "fact" in m:
            f = m["fact"]
            vals = all_vals[(f["subject"], f["slot"])]
            allowed = {vals[f["index"]].lower()}
            if f["index"] > 0:
                allowed.add(vals[f["index"] - 1].lower())
            assert found <= allowed, (m, found)
        else:
            assert not found, (m["content"], found)
    user_slots = [k for k in all_vals if k[0] == "user"]
    others = {}
    for k in all_vals:
        if k[0] != "user":
            others.setdefault(k[0], []).append(k[1])
    n_facts = sum(len(v) for v in all_vals.values())
    full = n_facts < size and len(others) == 4
    if full:
        assert 8 <= len(user_slots) <= 10, user_slots
        for k in user_slots:
            assert 2 <= len(all_vals[k]) <= 4
        for p, sl in others.items():
            assert len(sl) == 3, (p, sl)
    for k, vals in all_vals.items():
        if k[0] != "user":
            assert 1 <= len(vals) <= 3
            uv = {v.lower() for v in all_vals.get(("user", k[1]), [])}
            assert not ({v.lower() for v in vals} & uv), k
    qs = d["questions"]
    per = {}
    for q in qs:
        key = (q["subject"], q["slot"])
        assert key in all_vals, key
        assert q["values"] == all_vals[key]
        assert q["kind"] == _kind(q["question"])
        ql = q["question"].lower()
        L = len(q["values"])
        per.setdefault(key, []).append(q)
        if q["tense"] == "now":
            assert q["gold"] == L - 1
            assert q["kind"] in ("now", "currently", "these days", "plain"), q
            for bad in ("before", "previous", "used to", "use to", "2024"):
                assert bad not in ql, q
        else:
            assert q["tense"] == "before"
            if "2024" in ql:
                assert q["gold"] == 0 and q["kind"] == "in 2024", q
            else:
                assert q["gold"] == L - 2 and q["kind"] in ("used to", "before"), q
        if q["subject"] != "user":
            assert q["subject"] in q["question"], q
    assert len({q["question"] for q in qs}) == len(qs)
    for key in all_vals:
        ql = per.get(key, [])
        if key[0] == "user":
            tenses = sorted((q["tense"], "2024" in q["question"]) for q in ql)
            assert tenses == [("before", False), ("before", True), ("now", False), ("now", False)], (key, tenses)
        else:
            assert len(ql) == 1 and ql[0]["tense"] == "now"
    return d


def self_check() -> None:
    import time
    for size in (1000, 100):
        for u in range(4):
            t = time.time()
            d1 = _check_one(size, u)
            d2 = generate(size, u)
            assert d1 == d2, "not deterministic"
            assert time.time() - t < 20
    a = generate(200, 0)
    b = generate(200, 1)
    assert {m["content"] for m in a["memories"]} != {m["content"] for m in b["memories"]}
    assert generate(200, 0, seed=1) != a
    # tiny store: whole chains dropped
    small = generate(20, 2)
    assert len(small["memories"]) == 20
    for q in small["questions"]:
        assert any(m.get("fact", {}).get("slot") == q["slot"] and m["fact"]["subject"] == q["subject"]
                   for m in small["memories"])
    t = time.time()
    _check_one(10000, 0)
    assert time.time() - t < 60


if __name__ == "__main__":
    import json
    import time
    t0 = time.time()
    self_check()
    print(f"self_check ok ({time.time() - t0:.1f}s)")
    d = generate(1000, 0)
    facts = [m for m in d["memories"] if "fact" in m]
    print(f"user 0: {len(d['memories'])} memories, {len(facts)} facts, {len(d['questions'])} questions")
    for m in facts[:12]:
        print(" ", m["created"], json.dumps(m["fact"], ensure_ascii=False), "|", m["content"])
    for m in [m for m in d["memories"] if "fact" not in m][:8]:
        print("  filler:", m["content"])
    for q in d["questions"][:8]:
        print("  Q:", json.dumps(q, ensure_ascii=False))
