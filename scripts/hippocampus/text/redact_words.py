"""The words redaction reads (redact.py): credential words in the languages
people write in, what joins such a word to its value ("is", "est", "ist",
"は", "是", ":"), and the words after it that say something about a secret
rather than what it is ("the password is in the vault", "mein Passwort ist
abgelaufen", "mi contraseña es muy larga").

Regular-expression sources are matched case-blind; the word sets are lowercase.
A guard is a lowercase piece of text every match of a source contains (in
textutil.case_blind of the text), so a pattern runs only where one is present.
"""

from __future__ import annotations

# -- credential words ------------------------------------------------------------------------------------------
# A password by any name: "password", "Passwort", "WLAN-Passwort", "mot de passe", "contraseña", "senha",
# "wachtwoord", "lösenord", "passord", "adgangskode", "hasło", "пароль", "şifre", "heslo", "salasana", "jelszó",
# "parolă", "slaptažodis", "kata sandi", "mật khẩu", "κωδικός"
# (the Germanic ones end a compound too: "Bankpasswort", "wifipassword"; not "1Password", the manager).
# Any value after "is" or a colon goes.
# Each family opens with a look at the first letter, which spares the alternatives at every other position.
PASSWORD_WORDS = (
    r"(?=[pkwlamcshgjпşκл])(?:(?<!\d)(?:pass(?:word|wd|w[oö]rt(?:er)?)|kennw[oö]rt(?:er)?|wachtwoord|l[öo]senord|"
    r"passord|adgangskode)(?:s|e|en|et|er|n)?|(?<!\w)(?:pass(?:phrase|code)s?|pwd|mots?\s+de\s+passe|mdp|"
    r"contrase[ñn]as?|senhas?|palavras?[\s\-]passe|parola\s+d['’]ordine|has(?:ł|l)(?:o|a|em)|парол(?:ь|я|ем|и)|"
    r"[şs]ifre(?:m|n|niz|miz|si)?|parola(?:m|n[ıi]z|s[ıi])|parol[ăa]|parole|hesl(?:o|a|em)|lozink(?:a|e|u)|"
    r"лозинк(?:а|е|у)|gesl(?:o|a)|salas[aõ]na|jelsz[óo]|slaptažod(?:is|žio)|kata\s+sandi|mật\s+khẩu|"
    r"κωδικ(?:ός|ος|ού|ό)(?:\s+πρόσβασης)?))"
)
# A pin or a code needs a digit: "PIN 4821", "meine Geheimzahl ist 4821", "le code d'accès est 4821".
PIN_WORDS = (
    r"(?=[pgcztaskпк])(?<!\w)(?:pin(?:[\s\-]?(?:code|nummer|number|kode|kod|kodu))?|pincode|pinkod|pinkode|"
    r"geheimzahl|code\s+(?:secret|pin|confidentiel|d['’]acc[eè]s)|(?:zugangs|t[üu]r|alarm|sicherheits|toegangs)code|"
    r"c[óo]digo\s+(?:pin|secreto|de\s+acce?sso)|codice\s+(?:pin|segreto|di\s+accesso)|kod\s+pin|"
    r"пин(?:-?код)?|код\s+доступа)"
)
# A key or a token needs a value that looks like one (a digit or a symbol): "ma clé API est 8f3k…".
KEY_WORDS = (
    r"(?=[casgktк])(?<!\w)(?:cl[ée]s?\s+(?:api|secr[èe]te|priv[ée]e|d['’]api|wi-?fi|wpa)|api-?schl[üu]ssel|"
    r"(?:geheimer\s+)?schl[üu]ssel|claves?(?:\s+(?:api|secreta|privada|de\s+api))?|"
    r"chaves?(?:\s+(?:de\s+)?(?:api|secreta|privada))?|chiav[ei](?:\s+(?:api|segreta|privata))?|api-?sleutel|"
    r"api-?nyckel|api-?n[øo]g(?:le|kel)|klucz(?:\s+api)?|ключ(?:\s+api)?|(?:api\s+)?anahtar[ıi]?|token)"
)
# Chinese, Japanese and Korean: the value is the ASCII that follows ("パスワードはsakura2024です", "密码123456").
CJK_WORDS = r"パスワード|暗証番号|暗号キー|apiキー|密码|密碼|口令|密钥|密鑰|秘钥|비밀번호|암호|api\s*키"
# the same rule where the value, in ASCII, stands among other letters: Arabic, Persian, Hebrew, Hindi, Thai
ASCII_AFTER_WORDS = r"كلمة\s+(?:ال)?(?:مرور|سر)|رمز\s+عبور|סיסמ[הא]|पासवर्ड|รหัสผ่าน"
ASCII_AFTER_JOINS = r"هي|است|היא|הוא|है|คือ"
CJK_PIN_WORDS = ("暗証番号",)

# what every match of each family contains (case_blind view)
PASSWORD_GUARDS = ("pass", "pwd", "kennw", "wachtwoord", "senord", "adgangskode", "mdp", "contrase", "senha",
                   "parol", "hasł", "hasl", "парол", "ifre", "hesl", "lozink", "лозинк", "gesl", "salas", "jelsz",
                   "slaptaž", "sandi", "khẩu", "κωδικ")
PIN_GUARDS = ("pin", "geheimzahl", "code", "digo", "codice", "kod", "пин", "код")
KEY_GUARDS = ("clé", "cle", "clave", "schl", "chave", "chiav", "sleutel", "nyckel", "nøg", "nog", "klucz", "ключ", "anahtar",
              "token")
CJK_GUARDS = ("パスワード", "暗証番号", "暗号キー", "キー", "密码", "密碼", "口令", "密钥", "密鑰", "秘钥", "비밀번호",
              "암호", "키", "كلمة", "رمز", "סיסמ", "पासवर्ड", "รหัสผ่าน")

# -- what joins the word to its value ----------------------------------------------------------------------------
# "is", "est", "ist", "lautet", "es", "é", "è", "är", "er", "jest", "to", "это" ... (after a copula, an adverb may
# stand: "is now", "ist jetzt", "est maintenant", "es ahora")
COPULA = (r"(?:is|was|est|était|etait|ist|lautet|war|es|era|é|è|är|var|er|jest|to|był|była|было|это|был|была|"
          r"будет|on|oli|je|је|este|ir|yra|adalah|là|είναι)")
# "to" (Polish), "on" (Finnish, Estonian) and "je" (Czech, Croatian, Serbian, Slovene) join only their own language's word: "the password to Netflix" stays
OWN_COPULA = {"to": ("has",), "on": ("salas",), "je": ("hesl", "lozink", "лозинк", "gesl"), "је": ("лозинк",)}
# a word a language puts after the password word, before "is": "kata sandi saya adalah X", "parola mea este X"
POSSESSIVE_AFTER = r"(?:saya|aku|kamu|anda|kami|kita|mea|meu|ta|tău|noastră|mu|ku)"
# Romanian's "parola" is Italian's "word": it takes Romanian's "este" (or a colon), not "è"
ROMANIAN_ONLY = ("parola",)
ADVERB = (r"(?:now|still|currently|maintenant|toujours|actuellement|jetzt|immer\s+noch|noch|aktuell|ahora|todavía|"
          r"agora|ainda|ora|adesso|ancora|nu|nog|nå|fortfarande|stadig|teraz|nadal|сейчас|теперь|всё\s+ещё|şimdi|"
          r"nyt|nyní|most)")
# "le mot de passe du wifi", "das Passwort für das WLAN", "пароль от почты" (English's "for the router" is
# redact._SPOKEN's; "to" and "on" here would be read as Polish's and Finnish's "is")
PREPOSITION = (r"(?:du|de|des|pour|für|fuer|vom|von|zum|zur|del|para|do|da|dos|das|della|"
               r"dello|delle|dell['’]|di|per|van|voor|för|till|til|på|af|od|dla|от|для|к|ke|için|ze)")

# -- words that are no secret ------------------------------------------------------------------------------------
# words after "password is" that say something about it, not what it is (English)
ORDINARY = frozenset("""
a an the in on at to of for from by with without under inside behind into onto within via not no never
also too very so really quite being been be stored kept saved written hidden managed shared set changed
reset rotated expired expiring missing wrong incorrect correct right invalid valid weak strong long short
empty blank required needed optional same different unknown known secret secure insecure safe unsafe
encrypted hashed public private there here somewhere something nothing anything what whatever that this
these those which who where when how why it its my your our his her their one off case sensitive
case-sensitive due about available fine ok okay good bad easy hard simple obvious default printed taped
noted listed included attached below above and or but if then because as like just only always usually
often sometimes stale old new temporary generated random provided given sent emailed texted revoked
compromised leaked exposed forgotten lost gone broken locked disabled enabled active inactive pending
unchanged updated yours mine ours theirs all any some every each way going supposed meant used working
still now currently actually simply due overdue asked needed needs requires protected unique personal
important useful same-as identical similar complicated complex long-enough strong-enough too-short
see ask check use look found stored-in expire rotate change update renew match require 1password bitwarden lastpass keepass keychain vault
""".split())

# of those, the words that never begin a passphrase ("the passphrase is in the safe")
FUNCTION = frozenset("""a an the in on at to of for from by with without under inside behind into onto within via
not no never also too very so being been be stored kept saved written hidden managed shared set changed reset
rotated expired missing required needed there here somewhere something nothing what that this these those which
it its my your our his her their and or but if then because as like just only still now see ask check use
1password bitwarden lastpass keepass keychain vault""".split())

# The same, in the other languages: articles, prepositions, pronouns, negations, and what one says of a password
# (wrong, forgotten, expired, saved, secure, too short, in the safe, the same ...). A value that is one of these
# is a word about the password: "mon mot de passe est trop court", "mein Passwort ist im Tresor".
FOREIGN = frozenset("""
le la les l un une des du de d dans sur sous chez avec sans pour par pas plus trop très tres toujours encore déjà
deja maintenant ici là la-bas oublié oubliée oublie perdu perdue changé changée change expiré expirée expire faux
fausse incorrect incorrecte correct correcte bon bonne mauvais mauvaise simple facile difficile fort forte faible
long longue court courte vide nouveau nouvelle ancien ancienne noté notée écrit écrite enregistré enregistrée
sauvegardé sauvegardée caché cachée partagé partagée requis requise obligatoire sécurisé sécurisée secret secrète
inconnu inconnue ce cet cette ça ca mon ma mes ton ta tes son sa ses notre votre leur leurs que qui quoi où ou
quand comment aussi temporaire identique pareil même meme voir demander vérifier chiffré chiffrée valide invalide
im in auf unter der die das dem den des ein eine einem einen einer nicht kein keine zu sehr noch schon jetzt
immer falsch richtig vergessen verloren geändert geaendert abgelaufen gespeichert geheim sicher unsicher leer
lang kurz stark schwach neu alt hier dort bei mit ohne für fuer auch nur irgendwo unbekannt bekannt gleich
derselbe dasselbe dieselbe notiert aufgeschrieben hinterlegt verschlüsselt gültig ungültig zurückgesetzt siehe
fragen prüfen mein meine dein deine sein seine ihr ihre unser unsere euer eure dieses dieser diese jenes
en el los las una unos unas del al no muy demasiado todavía todavia aún aun ya ahora siempre incorrecta
incorrecto correcta correcto olvidada olvidado perdida perdido cambiada cambiado caducada caducado guardada
guardado segura seguro secreta secreto vacía vacia larga largo corta corto fuerte débil debil nueva nuevo
vieja viejo aquí aqui allí alli con sin para por también tambien solo sólo igual misma mismo desconocida
desconocido anotada anotado escrita escrito mi mis tu tus su sus nuestra nuestro esta este esa ese
em no na nos nas o os as um uma do da dos das não nao muito ainda já ja agora sempre errada errado correta
correto esquecida esquecido alterada alterado mudada mudado expirada expirado salva salvo vazia vazio longa
longo curta curto forte fraca fraco nova novo velha velho aqui ali com sem também só so desconhecida
desconhecido anotada escrita meu minha teu tua seu sua nosso nossa
nel nella nei nelle sul sulla il lo gli un uno di dello della non molto troppo ancora già gia ora adesso
sempre sbagliata sbagliato corretta corretto dimenticata dimenticato persa perso cambiata cambiato scaduta
scaduto salvata salvato sicura sicuro segreta segreto vuota vuoto lunga lungo corta corto debole nuova nuovo
vecchia vecchio qui lì li senza per anche solo uguale stessa stesso sconosciuta sconosciuto scritta scritto
mio mia tuo tua suo sua nostro nostra
op onder het een niet geen te heel erg nog al nu altijd fout verkeerd juist goed vergeten verloren veranderd
gewijzigd verlopen opgeslagen geheim veilig leeg lang kort sterk zwak nieuw oud hier daar bij met zonder voor
ook alleen hetzelfde onbekend mijn jouw zijn haar ons onze
i på ett et inte ikke ikkje för for mycket meget veldig fortfarande stadig redan allerede nu nå alltid altid
fel feil forkert rätt riktig rigtig glömt glemt ändrat ændret endret utgånget sparat gemt lagret hemligt
hemmelig säkert sikker tomt långt langt kort starkt stærkt sterkt svagt svakt nytt nyt gammalt gammelt här her
där der med utan uden uten också også bara kun bare samma samme okänt ukendt ukjent mitt mit min mina mine
w na pod nie za bardzo jeszcze już juz teraz zawsze złe zle błędne bledne poprawne zapomniane zgubione
zmienione wygasło wygaslo zapisane tajne bezpieczne puste długie dlugie krótkie krotkie silne słabe slabe
nowe stare tu tutaj tam z ze bez dla też tez także takze tylko takie samo nieznane moje mój moj
в на под не нет это очень слишком ещё еще уже сейчас всегда неправильный неверный правильный забыт забыл
забыла потерян изменён изменен истёк истек сохранён сохранен секретный надёжный надежный пустой длинный
короткий сильный слабый новый старый здесь там с без для тоже также только такой же неизвестен записан у мой
моя
bir değil degil yok çok cok hâlâ hala artık artik şimdi simdi her zaman yanlış yanlis doğru dogru unuttum
unutuldu kayıp kayip değişti degisti değiştirildi süresi suresi kaydedildi gizli güvenli guvenli boş bos uzun
kısa kisa güçlü guclu zayıf zayif yeni eski burada orada ile için icin de da sadece aynı ayni bilinmiyor benim
ve v na není neni příliš prilis stále stale už uz nyní nyni vždy vzdy špatné spatne zapomenuté zapomenute
změněné zmenene uložené ulozene tajné tajne bezpečné bezpecne prázdné prazdne dlouhé dlouhe krátké kratke
silné silne slabé slabe nové nove staré stare tady tam bez pro také take jen stejné stejne moje
on ei liian vielä viela jo nyt aina väärä vaara oikea unohtunut vaihdettu vanhentunut tallennettu salainen
turvallinen tyhjä tyhja pitkä pitka lyhyt vahva heikko uusi vanha täällä taalla siellä siella kanssa ilman
myös myos vain sama tuntematon minun
στο στη στον στην το τον την της ένας μια ένα δεν όχι πολύ ακόμα ήδη τώρα πάντα λάθος σωστός σωστό ξεχασμένος
αλλαγμένος ληγμένος αποθηκευμένος μυστικός ασφαλής άδειος μακρύς κοντός δυνατός αδύναμος νέος παλιός εδώ εκεί με
χωρίς για και μόνο ίδιος άγνωστος μου σου του
sai đúng ở trong không đã bị quá rất mới cũ ngắn dài yếu mạnh của tôi đây đó vẫn
salah benar di dalam tidak bukan sudah terlalu sangat baru lama pendek panjang lemah kuat ada sama lupa
greșită gresita greșit gresit corectă corecta în nu prea foarte deja acum mereu nouă noua veche scurtă scurta
lungă lunga slabă slaba puternică aici acolo cu fără fara pentru și si doar aceeași aceeasi expirată expirata
uitată uitata schimbată schimbata salvată salvata secretă secreta sigură sigura goală goala
neteisingas teisingas trumpas ilgas nepareiza pareiza vale õige liiga lühike pikk погрешна погрешан тачна
a az egy nem nincs túl tul nagyon még meg már mar most mindig rossz helyes elfelejtett megváltozott lejárt
lejart elmentett titkos biztonságos biztonsagos üres ures hosszú hosszu rövid rovid erős eros gyenge új uj régi
regi itt ott nélkül nelkul is csak ugyanaz ismeretlen enyém enyem
""".split())

# everything above: a value that is one of these is a word, not a secret
NOT_A_SECRET = ORDINARY | FOREIGN
