"""The real-world names text/mentions.py reads a slot from: cities (a home), phones, cars,
banks, gym chains, streaming services, clubs (a team), employers. Written for an agent's
memory of its user, not fitted to a benchmark; a name missing is only a mention missed.
Names that are also everyday words or first names are left out (Reading, Bath, Nice,
Split, Victoria, Sofia; "the Heat", "Magic", "Giants"; a car "Golf", "Leaf", "Zoe")."""

from __future__ import annotations

_CITIES = """
London, Manchester, Birmingham, Leeds, Liverpool, Bristol, Sheffield, Newcastle, Nottingham, Leicester,
Glasgow, Edinburgh, Aberdeen, Dundee, Cardiff, Swansea, Belfast, Brighton, Oxford, Cambridge, Norwich, Exeter,
Plymouth, Southampton, Portsmouth, Coventry, Sunderland, Bournemouth, Milton Keynes, Dublin, Cork, Galway,
Limerick, New York, Los Angeles, Chicago, Houston, Philadelphia, San Antonio, San Diego, Dallas, Austin, San Jose,
San Francisco, Seattle, Denver, Boston, Portland, Atlanta, Miami, Orlando, Tampa, Nashville, Memphis, Detroit,
Minneapolis, Cleveland, Pittsburgh, Cincinnati, Indianapolis, Milwaukee, Kansas City, St Louis, Baltimore,
Raleigh, Sacramento, Oakland, Las Vegas, Salt Lake City, Albuquerque, New Orleans, Honolulu,
Anchorage, Boise, Omaha, Brooklyn, Toronto, Vancouver, Montreal, Calgary, Ottawa, Edmonton, Winnipeg, Quebec,
Paris, Lyon, Marseille, Toulouse, Nantes, Bordeaux, Lille, Strasbourg, Montpellier, Rennes, Grenoble, Berlin,
Hamburg, Munich, Cologne, Frankfurt, Stuttgart, Düsseldorf, Dusseldorf, Leipzig, Dresden, Hanover, Nuremberg,
Bremen, Bonn, Freiburg, Heidelberg, Vienna, Graz, Salzburg, Innsbruck, Linz, Zurich, Zürich, Geneva, Basel,
Bern, Lausanne, Lucerne, Amsterdam, Rotterdam, Utrecht, The Hague, Eindhoven, Groningen, Brussels, Antwerp,
Ghent, Bruges, Luxembourg, Copenhagen, Aarhus, Stockholm, Gothenburg, Malmö, Malmo, Oslo, Bergen, Trondheim,
Helsinki, Tampere, Reykjavik, Tallinn, Riga, Vilnius, Warsaw, Krakow, Kraków, Gdansk, Wroclaw, Poznan, Prague,
Brno, Bratislava, Budapest, Ljubljana, Zagreb, Belgrade, Bucharest, Athens, Thessaloniki, Istanbul,
Ankara, Izmir, Lisbon, Porto, Madrid, Barcelona, Valencia, Seville, Malaga, Bilbao, Granada, Rome, Milan,
Naples, Turin, Bologna, Venice, Genoa, Palermo, Verona, Kyiv, Kiev, Lviv, Moscow, Tel Aviv,
Jerusalem, Haifa, Dubai, Abu Dhabi, Doha, Riyadh, Cairo, Casablanca, Marrakesh, Tunis, Lagos, Abuja, Accra,
Nairobi, Kampala, Kigali, Addis Ababa, Johannesburg, Cape Town, Durban, Pretoria, Mumbai, Delhi, New Delhi,
Bangalore, Bengaluru, Hyderabad, Chennai, Kolkata, Pune, Ahmedabad, Jaipur, Lucknow, Kochi, Goa, Chandigarh,
Indore, Karachi, Lahore, Islamabad, Dhaka, Colombo, Kathmandu, Singapore, Kuala Lumpur, Bangkok, Chiang Mai,
Hanoi, Ho Chi Minh City, Manila, Cebu, Jakarta, Denpasar, Hong Kong, Shanghai, Beijing, Shenzhen, Guangzhou,
Taipei, Seoul, Busan, Tokyo, Osaka, Kyoto, Yokohama, Sapporo, Fukuoka, Sydney, Melbourne, Brisbane, Perth,
Adelaide, Canberra, Hobart, Gold Coast, Auckland, Wellington, Christchurch, Queenstown, Mexico City,
Guadalajara, Monterrey, Bogota, Bogotá, Medellin, Medellín, Buenos Aires, Montevideo, Sao Paulo, São Paulo,
Rio de Janeiro, Quito, Havana, San Juan, Panama City, York, Hull
"""
# (not the names that are also everyday words or first names: Reading, Bath, Nice, Split, Victoria, Sofia...)

_PHONES = (r"iPhone(?: \d+\w*| [A-Z][a-z]+| SE)*|Pixel \d+\w*(?: Pro| XL| Fold)?|Galaxy [A-Z]\w*(?: [A-Z0-9]\w*)?"
           r"|(?:Sony )?Xperia(?: \d+\w*| [A-Z0-9]\w*)?|OnePlus(?: \d+\w*| Nord\w*)?|Fairphone(?: \d+)?"
           r"|Motorola(?: [A-Z]\w*)*(?: \d+\w*)?|Moto [A-Z0-9]\w*(?: \d+)?|Razr(?: \w+)?|Nokia(?: [A-Z0-9]\w*)?"
           r"|Realme(?: [A-Z0-9]\w*)*|Oppo(?: [A-Z]\w*)*|Xiaomi(?: \d+\w*)?|Redmi(?: [A-Z0-9]\w*)*"
           r"|Huawei(?: [A-Z0-9]\w*)*|Nothing Phone(?: \(\d\))?|Honor \d+\w*|Poco [A-Z0-9]\w*|Vivo [A-Z0-9]\w*"
           r"|Samsung(?: Galaxy)?(?: [A-Z0-9]\w*)?|BlackBerry|Zenfone(?: \d+)?")
_CARS = """
Toyota, Honda, Ford, Tesla, Volkswagen, VW, Volvo, BMW, Audi, Mercedes, Nissan, Renault, Peugeot, Citroen,
Citroën, Fiat, Kia, Hyundai, Mazda, Subaru, Skoda, Škoda, Vauxhall, Opel, Jeep, Chevrolet, Chevy, Dodge, Lexus,
Porsche, Jaguar, Land Rover, Range Rover, Polestar, Rivian, Dacia, Mitsubishi, Suzuki, Alfa Romeo, Cupra, BYD,
Prius, Corolla, Yaris, Qashqai, Clio, Ioniq, Niro, Fabia, Corsa, Astra, CX-5, RAV4, Camry, Micra,
Sandero, XC40, XC60, XC90, Kuga, Sportage, Model 3, Model Y
"""
_BANKS = """
Barclays, HSBC, Lloyds, NatWest, Santander, Monzo, Starling, Revolut, Nationwide, Halifax, TSB, Chase,
Wells Fargo, Bank of America, Citibank, Citi, Capital One, N26, Bunq, ING, ABN AMRO, Rabobank, Deutsche Bank,
Commerzbank, Sparkasse, BNP Paribas, Société Générale, UniCredit, Intesa, BBVA, CaixaBank, Sabadell,
Commonwealth Bank, CommBank, Westpac, ANZ, NAB, HDFC, ICICI, SBI, Axis Bank, Kotak, Scotiabank, RBC, BMO, CIBC,
TD Bank, Chime, Schwab, USAA, Co-op Bank, Metro Bank, First Direct, Virgin Money, Triodos, DKB, Comdirect,
Nordea, Danske Bank, Swedbank, Handelsbanken, UBS, PostFinance, Credit Union, Bank of Ireland, AIB,
Ulster Bank, Kuda, GTBank
"""
_GYMS = """
PureGym, Pure Gym, Basic-Fit, Basic Fit, Equinox, Anytime Fitness, Planet Fitness, Gold's Gym, Fitness First,
Virgin Active, David Lloyd, Bannatyne, Bannatynes, Nuffield Health, The Gym Group, 24 Hour Fitness, LA Fitness,
Crunch Fitness, Orangetheory, F45, CrossFit, Snap Fitness, Everlast Gyms, JD Gyms, Xercise4Less, Third Space,
SoulCycle, Barry's, Jetts, GoodLife Fitness, McFit, Holmes Place, Urban Gym, Clever Fit, FitX, John Reed, YMCA,
Life Time, Blink Fitness, Gymshark Lifestyle, Ultimate Performance
"""
_STREAMING = """
Netflix, Hulu, Disney+, Disney Plus, Prime Video, Amazon Prime, HBO Max, Peacock, Paramount+, Paramount Plus,
Apple TV+, Crunchyroll, BritBox, Now TV, Mubi, MUBI, Curiosity Stream, Hotstar, JioCinema, Zee5, SonyLIV,
Viaplay, Canal+, BBC iPlayer, ITVX, Discovery+, Shudder, Criterion Channel, DAZN, Funimation, Tubi, Pluto TV,
Fubo, YouTube TV, YouTube Premium
"""

# (a nickname that is also a word alone is left out: "the Heat", "Magic", "the Jazz", "Giants"...)
_TEAMS = """
Arsenal, Chelsea, Tottenham, Manchester United, Man United, Man Utd, Manchester City, Man City, Liverpool FC,
Everton, Newcastle United, Aston Villa, West Ham, Leeds United, Leicester City, Crystal Palace,
Brighton and Hove Albion, Wolves, Fulham, Brentford, Nottingham Forest, Bournemouth AFC, Southampton FC,
Sunderland AFC, Celtic, Rangers, Real Madrid, Atletico Madrid, Atlético Madrid, Barça, FC Barcelona,
Real Betis, Sevilla FC, Valencia CF, Athletic Bilbao, Real Sociedad, Villarreal, Celta Vigo, Bayern Munich,
Borussia Dortmund, RB Leipzig, Bayer Leverkusen, Schalke, Union Berlin, Hertha, St. Pauli, Werder Bremen,
Eintracht Frankfurt, VfB Stuttgart, Juventus, AC Milan, Inter Milan, Napoli, AS Roma, Lazio, Fiorentina,
Atalanta, PSG, Paris Saint-Germain, Olympique Marseille, Olympique Lyonnais, Ajax, PSV, Feyenoord, Benfica,
FC Porto, Sporting CP, Galatasaray, Fenerbahce, Fenerbahçe, Besiktas, Boca Juniors, River Plate, Flamengo,
Corinthians, Palmeiras, LA Galaxy, Inter Miami, LAFC, Seattle Sounders, Lakers, Celtics, Knicks, Raptors,
Bucks, Mavericks, Clippers, Sixers, 76ers, Cavaliers, Timberwolves, Trail Blazers, Patriots, Cowboys, Packers,
Green Bay Packers, Steelers, 49ers, Seahawks, Broncos, Buccaneers, Jaguars, Bengals, Yankees, Red Sox, Dodgers,
Mets, Cubs, White Sox, Astros, Braves, Phillies, Blue Jays, Mariners, Maple Leafs, Canucks, Oilers, Bruins,
Rangers, Blackhawks, Red Wings, Collingwood, Essendon, Richmond Tigers, Hawthorn, Sydney Swans,
West Coast Eagles, Brisbane Lions, Mumbai Indians, Chennai Super Kings, Royal Challengers Bangalore,
Kolkata Knight Riders, Rajasthan Royals, All Blacks, Wallabies, Springboks, Leinster, Munster, Saracens,
Harlequins
"""

_EMPLOYERS = """
Google, Microsoft, Amazon, AWS, Apple, Meta, Facebook, IBM, Oracle, SAP, Salesforce, Adobe, Intel, Nvidia, AMD,
Cisco, Dell, HP, Spotify, Stripe, Shopify, Airbnb, Uber, Lyft, Atlassian, Canva, Klarna, Booking.com, Zalando,
Siemens, Bosch, Airbus, Boeing, Philips, Ericsson, Infosys, Wipro, TCS, Tata Consultancy Services, HCL,
Cognizant, Accenture, Deloitte, PwC, KPMG, EY, Ernst & Young, McKinsey, BCG, Bain, Capgemini, Goldman Sachs,
JPMorgan, J.P. Morgan, Morgan Stanley, BlackRock, Unilever, Nestlé, Nestle, Procter & Gamble, P&G, L'Oréal,
Heineken, Diageo, BP, Shell, BASF, Bayer, Tesco, Sainsbury's, Asda, Waitrose, Ocado, Woolworths, Walmart,
Target, Costco, IKEA, H&M, Zara, Inditex, NHS, BBC, Kaiser Permanente, Pfizer, Novartis, Roche, AstraZeneca,
GSK, Johnson & Johnson, Moderna, Rolls-Royce, BAE Systems, Dyson, Arm, DeepMind, OpenAI, Anthropic, GitHub,
GitLab, Datadog, Snowflake, Databricks, Palantir, Twitter, LinkedIn, TikTok, ByteDance, Tencent, Alibaba,
Baidu, Huawei, Sony, Panasonic, Toshiba, Hitachi, Toyota, Honda, Volkswagen, BMW, Mercedes-Benz, Daimler,
Ford, General Motors, GM, Tesla, Lufthansa, British Airways, Emirates, Ryanair, easyJet, Vodafone, Telefonica,
Deutsche Telekom, BT, Verizon, AT&T, Comcast, Disney, Warner Bros, Netflix, Sky, Reuters, Bloomberg, Ubisoft,
EA, Nintendo, Zoom, Slack, Dropbox, Twilio, Red Hat, VMware, ServiceNow, Workday, Intuit, PayPal, Square,
Revolut, Monzo, Wise, Mastercard, Visa, American Express, HSBC, Barclays, Lloyds, Santander, ING, Allianz,
AXA, Zurich Insurance, Aviva, Prudential, Starbucks, McDonald's, Pret, Deliveroo, Just Eat, DoorDash,
Instacart, Etsy, eBay, Mozilla, Wikipedia, Reddit, Pinterest, Snap, Discord, Figma, Notion, Miro, Hubspot,
HubSpot, Zendesk, Trello, SpaceX, Lockheed Martin, Raytheon, Thales, Schneider Electric, ABB, Maersk, DHL,
FedEx, UPS, Royal Mail, Amazon Web Services, Capita, Sopra Steria, Atos, NTT Data, Fujitsu, Samsung, LG, Nokia
"""

_PHONE_FIRST = ("iPhone Pixel Galaxy Sony Xperia OnePlus Fairphone Motorola Moto Razr Nokia Realme Oppo Xiaomi Redmi "
                "Huawei Nothing Honor Poco Vivo Samsung BlackBerry Zenfone").split()
# the slots of the user a name says ("job" only with words of work beside it)
_LISTS = {"home": _CITIES, "car": _CARS, "bank": _BANKS, "gym": _GYMS, "streaming service": _STREAMING,
          "team": _TEAMS, "job": _EMPLOYERS}
# In a text written all in lower case ("left rotterdam for leipzig"), names of four letters or more are read
# too, but not clubs, nor the names that are words in lower case:
_COMMON = frozenset(("cork", "hull", "anchorage", "oxford", "wellington", "manila", "dodge", "ford", "jaguar",
                     "chase", "chime", "nationwide", "credit union", "equinox", "life time", "third space",
                     "ultimate performance", "crossfit", "barry's", "peacock", "shudder", "apple", "amazon",
                     "target", "shell", "visa", "snap", "square", "wise", "notion", "slack", "zoom", "meta", "bain",
                     "pret", "uber", "discord", "dell", "miro", "figma", "trello", "emirates", "reuters", "canva"))
