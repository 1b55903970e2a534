import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Suffixes and particles chosen by the sound of the name: Korean particles by the final sound of the
/// last Hangul syllable (`hangulFinal`), Turkish and Hungarian vowel harmony (`lastVowel`), Finnish cases by the
/// street-type word (plain `suffix`/`rewrite` data). Rendered through the real ko/tr/hu/fi phrasebooks.
@Suite struct GrammarAgglutinativeTests {
    static func now(_ tag: String, _ m: ManeuverDescription) throws -> Phrase {
        try TestData.phrase(tag, .now, m)
    }

    // MARK: The conditions themselves

    @Test(arguments: [
        ("가", GrammarCase.HangulFinal.noFinal), ("로", .noFinal), ("스", .noFinal), ("길", .rieul), ("울", .rieul),
        ("역", .other), ("문", .other), ("산", .other), ("힣", .other),
    ] as [(Character, GrammarCase.HangulFinal)])
    func hangulFinalClassOfASyllable(syllable: Character, expected: GrammarCase.HangulFinal) {
        #expect(GrammarCase.HangulFinal(of: syllable) == expected)
    }

    @Test func hangulFinalIsNilOutsideHangulSyllables() {
        for c: Character in ["a", "1", "ㄹ", "漢", " "] { #expect(GrammarCase.HangulFinal(of: c) == nil) }
    }

    @Test(arguments: [
        ("kadıköy", false), ("atatürk bulvarı", true), ("anıtkabir", false), ("iffley road", true),
        ("yalova", true), ("market cross", true), ("d100", false), ("großer stern", false),
    ])
    func turkishLastVowelIsBack(head: String, back: Bool) {
        let condition = GrammarCase.LastVowel(vowels: Set("aeıioöuüâîû"), accepted: Set("aıouâû"))
        #expect(condition.holds(for: head) == back)
    }

    @Test func aValueWithoutAnyVowelDoesNotMatch() {
        #expect(!GrammarCase.LastVowel(vowels: Set("aeiou"), accepted: Set("aeiou")).holds(for: "m1"))
    }

    // MARK: Korean: 으로/로, 을/를, 이/가

    @Test(arguments: [
        RoadGrammarCase("테헤란로", "좌회전하여 테헤란로로 진입하세요."),
        RoadGrammarCase("올림픽대로", "좌회전하여 올림픽대로로 진입하세요."),
        RoadGrammarCase("서울숲길", "좌회전하여 서울숲길로 진입하세요."),
        RoadGrammarCase("남산1호터널", "좌회전하여 남산1호터널로 진입하세요."),
        RoadGrammarCase("강남역", "좌회전하여 강남역으로 진입하세요."),
        RoadGrammarCase("광화문", "좌회전하여 광화문으로 진입하세요."),
        RoadGrammarCase("한남대교", "좌회전하여 한남대교로 진입하세요."),
        RoadGrammarCase("양재 IC", "좌회전하여 양재 IC로 진입하세요."),
        RoadGrammarCase("Market Street", "좌회전하여 Market Street로 진입하세요."),
        RoadGrammarCase("", ref: "6", "좌회전하여 6번 도로로 진입하세요."),
    ])
    func koreanDirectionalParticle(road: RoadGrammarCase) throws {
        try road.check("ko-KR", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test(arguments: [
        RoadGrammarCase("테헤란로", "테헤란로를 따라 동쪽으로 출발하세요."),
        RoadGrammarCase("서울숲길", "서울숲길을 따라 동쪽으로 출발하세요."),
        RoadGrammarCase("강남역", "강남역을 따라 동쪽으로 출발하세요."),
    ])
    func koreanObjectParticle(road: RoadGrammarCase) throws {
        try road.check("ko-KR", .depart) { TestData.maneuver(.depart, nil, name: $0, ref: $1, bearing: 90) }
    }

    @Test func koreanSubjectParticleOnStops() throws {
        func stop(_ name: String) -> ManeuverDescription {
            var m = TestData.maneuver(.arrive, nil, side: .left)
            m.waypointName = name
            m.waypointOrdinal = 1
            return m
        }
        #expect(try TestData.phrase("ko-KR", .waypoint, stop("서울역")).display == "서울역이 왼쪽에 있습니다.")
        #expect(try TestData.phrase("ko-KR", .waypoint, stop("코엑스")).display == "코엑스가 왼쪽에 있습니다.")
        #expect(try TestData.phrase("ko-KR", .waypoint, stop("서울")).display == "서울이 왼쪽에 있습니다.")
    }

    // MARK: Finnish: allative by the street-type word

    @Test(arguments: [
        RoadGrammarCase("Mannerheimintie", "Käänny vasemmalle Mannerheimintielle."),
        RoadGrammarCase("Aleksanterinkatu", "Käänny vasemmalle Aleksanterinkadulle."),
        RoadGrammarCase("Kauppatori", "Käänny vasemmalle Kauppatorille."),
        RoadGrammarCase("Pitkäsilta", "Käänny vasemmalle Pitkäsillalle."),
        RoadGrammarCase("Hakaniemenranta", "Käänny vasemmalle Hakaniemenrannalle."),
        RoadGrammarCase("Länsiväylä", "Käänny vasemmalle Länsiväylälle."),
        RoadGrammarCase("Pohjoinen Rautatiekatu", "Käänny vasemmalle Pohjoiselle Rautatiekadulle."),
        RoadGrammarCase("Vanha Porvoontie", "Käänny vasemmalle Vanhalle Porvoontielle."),
        RoadGrammarCase("Kehä I", "Käänny vasemmalle Kehä I:lle.", "Käänny vasemmalle Kehä ykköselle."),
        RoadGrammarCase("Iffley Road", "Käänny vasemmalle kadulle Iffley Road."),
        RoadGrammarCase("", ref: "Kt 51", "Käänny vasemmalle Kt 51.", "Käänny vasemmalle kantatielle 51."),
    ])
    func finnishAllative(road: RoadGrammarCase) throws {
        try road.check("fi-FI", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test(arguments: [
        RoadGrammarCase("Hämeentie", "Jatka 5 km Hämeentiellä.", "Jatka 5 kilometriä Hämeentiellä."),
        RoadGrammarCase("Runeberginkatu", "Jatka 5 km Runeberginkadulla.", "Jatka 5 kilometriä Runeberginkadulla."),
        RoadGrammarCase("Kehä III", "Jatka 5 km Kehä III:llä.", "Jatka 5 kilometriä Kehä kolmosella."),
    ])
    func finnishAdessiveWithHarmony(road: RoadGrammarCase) throws {
        try road.check("fi-FI", .continue, distance: 5000) { TestData.maneuver(.newName, nil, name: $0, ref: $1) }
    }

    // MARK: Turkish: dative with harmony and buffer consonants

    @Test(arguments: [
        RoadGrammarCase("Atatürk Bulvarı", "Sola dönün ve Atatürk Bulvarı'na girin."),
        RoadGrammarCase("İstiklal Caddesi", "Sola dönün ve İstiklal Caddesi'ne girin."),
        RoadGrammarCase("Çırağan Yolu", "Sola dönün ve Çırağan Yolu'na girin."),
        RoadGrammarCase("Boğaziçi Köprüsü", "Sola dönün ve Boğaziçi Köprüsü'ne girin."),
        RoadGrammarCase("Bağdat Cad.", "Sola dönün ve Bağdat Cad.'ne girin.", "Sola dönün ve Bağdat Caddesi'ne girin."),
        RoadGrammarCase("Gül Sokak", "Sola dönün ve Gül Sokak'a girin."),
        RoadGrammarCase("Kadıköy", "Sola dönün ve Kadıköy'e girin."),
        RoadGrammarCase("Anıtkabir", "Sola dönün ve Anıtkabir'e girin."),
        RoadGrammarCase("Yalova", "Sola dönün ve Yalova'ya girin."),
        RoadGrammarCase("Iffley Road", "Sola dönün ve Iffley Road'a girin."),
        RoadGrammarCase("", ref: "D100", "Sola dönün ve D100'e girin.", "Sola dönün ve D 100'e girin."),
        RoadGrammarCase("", ref: "O-3", "Sola dönün ve O-3'e girin.", "Sola dönün ve O 3'e girin."),
        RoadGrammarCase("", ref: "E 80", "Sola dönün ve E 80'e girin."),
        RoadGrammarCase("", ref: "D 6", "Sola dönün ve D 6'ya girin."),
    ])
    func turkishDative(road: RoadGrammarCase) throws {
        try road.check("tr-TR", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test func turkishLocativeAssimilatesAfterAVoicelessConsonant() throws {
        func atJunction(_ name: String) throws -> String {
            var m = TestData.maneuver(.turn, .left)
            m.step.junctionName = name
            return try Self.now("tr-TR", m).display
        }
        #expect(try atJunction("Taksim Meydanı") == "Taksim Meydanı'nda sola dönün.")
        #expect(try atJunction("Market Cross") == "Market Cross'ta sola dönün.")
        #expect(try atJunction("Großer Stern") == "Großer Stern'de sola dönün.")
        #expect(try atJunction("Kızılay") == "Kızılay'da sola dönün.")
    }

    /// A named roundabout keeps its noun ("Großer Stern döner kavşağında", never "Großer Stern'de"), unless the
    /// name is already a square or junction ("Taksim Meydanı'nda").
    @Test func turkishNamedRoundaboutsKeepTheirNoun() throws {
        #expect(try Self.now("tr-TR", TestData.maneuver(.roundabout, nil, exit: 3, rotary: "Taksim Meydanı")).display
            == "Taksim Meydanı'nda üçüncü çıkışı kullanın.")
        #expect(try Self.now("tr-TR", TestData.maneuver(.roundabout, nil, exit: 3, rotary: "Großer Stern")).display
            == "Großer Stern döner kavşağında üçüncü çıkışı kullanın.")
        #expect(try Self.now("tr-TR", TestData.maneuver(.roundabout, nil, rotary: "Kızılay")).display
            == "Kızılay döner kavşağına girin.")
    }

    // MARK: Hungarian: article, sublative and superessive with harmony

    @Test(arguments: [
        RoadGrammarCase("Andrássy út", "Forduljon balra az Andrássy útra."),
        RoadGrammarCase("Kossuth Lajos utca", "Forduljon balra a Kossuth Lajos utcára."),
        RoadGrammarCase("Széchenyi tér", "Forduljon balra a Széchenyi térre."),
        RoadGrammarCase("Hősök tere", "Forduljon balra a Hősök terére."),
        RoadGrammarCase("Teréz körút", "Forduljon balra a Teréz körútra."),
        RoadGrammarCase("Váci u.", "Forduljon balra a Váci utcára.", "Forduljon balra a Váci utcára."),
        RoadGrammarCase("Iffley Road", "Forduljon balra az Iffley Roadra."),
        RoadGrammarCase("Hardenbergstraße", "Forduljon balra a Hardenbergstraßéra."),
        RoadGrammarCase("Kálvin", "Forduljon balra a Kálvinra."),
        RoadGrammarCase("Győr", "Forduljon balra a Győrre."),
        RoadGrammarCase("", ref: "8", "Forduljon balra a 8-as útra."),
        RoadGrammarCase("", ref: "51", "Forduljon balra az 51-es útra."),
        RoadGrammarCase("", ref: "M1", "Forduljon balra az M1-es autópályára.", "Forduljon balra az M 1-es autópályára."),
        // The article goes by how the ref is said: "E" is e, "A" á, "S" es, "F" ef; "B" bé, "7" hét.
        RoadGrammarCase("", ref: "E 65", "Forduljon balra az E 65-ös útra."),
        RoadGrammarCase("", ref: "A 99", "Forduljon balra az A 99-es útra."),
        RoadGrammarCase("", ref: "St 2080", "Forduljon balra az St 2080-as útra."),
        RoadGrammarCase("", ref: "F 10", "Forduljon balra az F 10-es útra."),
        RoadGrammarCase("", ref: "B 96", "Forduljon balra a B 96-os útra."),
        RoadGrammarCase("", ref: "7", "Forduljon balra a 7-es útra."),
        RoadGrammarCase("", ref: "1", "Forduljon balra az 1-es útra."),
        RoadGrammarCase("", ref: "11", "Forduljon balra a 11-es útra."),
        RoadGrammarCase("", ref: "100", "Forduljon balra a 100-as útra."),
        // A ref's direction said in Hungarian, after the road: "I 80 East" → "az I 80-as útra keleti irányban".
        RoadGrammarCase("", ref: "I 80 East", "Forduljon balra az I 80 East útra.", "Forduljon balra az I 80-as útra keleti irányban."),
        RoadGrammarCase("", ref: "US 101 North", "Forduljon balra az US 101 North útra.", "Forduljon balra az U S 101-es útra északi irányban."),
        // Only the last word of a name takes the ending; vowel harmony skips the neutral é and i; a foreign final
        // o lengthens ("Oslóba"); German "Allee" ends in a long é written "ee", so the ending joins with a hyphen, in back harmony as the Hungarian "alléra".
        RoadGrammarCase("Pile Alle", "Forduljon balra a Pile Allére."),
        RoadGrammarCase("Pile Allé", "Forduljon balra a Pile Alléra."),
        RoadGrammarCase("Große Allee", "Forduljon balra a Große Allee-ra."),
        RoadGrammarCase("Bulevardi", "Forduljon balra a Bulevardira."),
        RoadGrammarCase("Asema-aukio", "Forduljon balra az Asema-aukióra."),
        RoadGrammarCase("Yrjönkatu", "Forduljon balra az Yrjönkatura."),
        RoadGrammarCase("York Road", "Forduljon balra a York Roadra."),
        RoadGrammarCase("Helsinki", "Forduljon balra a Helsinkire."),
    ])
    func hungarianSublative(road: RoadGrammarCase) throws {
        try road.check("hu-HU", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test(arguments: [
        RoadGrammarCase("Andrássy út", "Haladjon tovább az Andrássy úton még 5 km hosszan.", "Haladjon tovább az Andrássy úton még 5 kilométer hosszan."),
        RoadGrammarCase("Kossuth Lajos utca", "Haladjon tovább a Kossuth Lajos utcán még 5 km hosszan.", "Haladjon tovább a Kossuth Lajos utcán még 5 kilométer hosszan."),
        RoadGrammarCase("Győr", "Haladjon tovább a Győrön még 5 km hosszan.", "Haladjon tovább a Győrön még 5 kilométer hosszan."),
        RoadGrammarCase("Iffley Road", "Haladjon tovább az Iffley Roadon még 5 km hosszan.", "Haladjon tovább az Iffley Roadon még 5 kilométer hosszan."),
        RoadGrammarCase("", ref: "E 65", "Haladjon tovább az E 65-ös úton még 5 km hosszan.", "Haladjon tovább az E 65-ös úton még 5 kilométer hosszan."),
        RoadGrammarCase("Mäkelänkatu", "Haladjon tovább a Mäkelänkatun még 5 km hosszan.", "Haladjon tovább a Mäkelänkatun még 5 kilométer hosszan."),
        RoadGrammarCase("Asema-aukio", "Haladjon tovább az Asema-aukión még 5 km hosszan.", "Haladjon tovább az Asema-aukión még 5 kilométer hosszan."),
        RoadGrammarCase("Pile Alle", "Haladjon tovább a Pile Allén még 5 km hosszan.", "Haladjon tovább a Pile Allén még 5 kilométer hosszan."),
        RoadGrammarCase("", ref: "I 80 West", "Haladjon tovább az I 80 West úton még 5 km hosszan.", "Haladjon tovább az I 80-as úton nyugati irányban még 5 kilométer hosszan."),
    ])
    func hungarianSuperessive(road: RoadGrammarCase) throws {
        try road.check("hu-HU", .continue, distance: 5000) { TestData.maneuver(.newName, nil, name: $0, ref: $1) }
    }

    /// Exit numbers take the ending of their number as said ("a 14-es", "az 5-ös"); a lettered one is said as
    /// written ("a 21A kijáratnál"; the hu voice layer gives the A its name á).
    @Test(arguments: [
        ("14", "A 14-es kijáratnál hajtson le.", "A 14-es kijáratnál hajtson le."),
        ("5", "Az 5-ös kijáratnál hajtson le.", "Az 5-ös kijáratnál hajtson le."),
        ("1", "Az 1-es kijáratnál hajtson le.", "Az 1-es kijáratnál hajtson le."),
        ("20", "A 20-as kijáratnál hajtson le.", "A 20-as kijáratnál hajtson le."),
        ("21A", "A 21A kijáratnál hajtson le.", "A 21 A kijáratnál hajtson le."),
    ])
    func hungarianExitNumberTakesItsEnding(exit: String, display: String, spoken: String) throws {
        let p = try TestData.phrase("hu-HU", .now, TestData.maneuver(.offRamp, .slightRight, exits: exit))
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }

    /// Two, twelve, twenty-two… before a unit are "két", "tizenkét", "huszonkét", never "kettő" (what eSpeak NG's
    /// hu voice reads for the digit 2: k'Et:Y:).
    @Test(arguments: [
        (2000.0, "2 km múlva forduljon balra.", "Két kilométer múlva forduljon balra."),
        (12000.0, "12 km múlva forduljon balra.", "Tizenkét kilométer múlva forduljon balra."),
        (22000.0, "22 km múlva forduljon balra.", "Huszonkét kilométer múlva forduljon balra."),
        (102000.0, "102 km múlva forduljon balra.", "Százkét kilométer múlva forduljon balra."),
        (3000.0, "3 km múlva forduljon balra.", "3 kilométer múlva forduljon balra."),
    ])
    func hungarianTwoBeforeAUnitIsKet(meters: Double, display: String, spoken: String) throws {
        let p = try TestData.phrase("hu-HU", .prepare, TestData.maneuver(.turn, .left), meters: meters)
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }
}
