import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Chinese (zh-CN): "前方300米左转，进入南京路" word order, "X后" for early announcements, 第N个 ordinals,
/// ref-before-name display ("G4京港澳高速"), and decimals/两 spelled out for speech (eSpeak drops the decimal point).
@Suite struct GrammarChineseTests {
    private let zh: LocaleSpeaker

    init() throws { zh = try LocaleSpeaker("zh-CN") }

    @Test func loadsWithoutMissingKeysOrProblems() {
        #expect(zh.loaded.warnings == [])
    }

    @Test func distanceThenVerbThenRoad() {
        let p = zh.say(.prepare, TestData.maneuver(.turn, .left, name: "南京路"), 310)
        #expect(p.display == "前方300米左转，进入南京路。")
        #expect(p.ssml == "<speak xml:lang=\"zh-CN\">前方300米左转，进入南京路。</speak>")
    }

    @Test func earlyAnnouncementsSayHou() {
        let p = zh.say(.early, TestData.maneuver(.fork, .right, name: "京港澳高速", ref: "G4", destinations: "石家庄"), 2000)
        #expect(p.display == "2公里后在岔路口靠右行驶，进入G4京港澳高速，往石家庄方向。")
        #expect(p.spoken == "两公里后在岔路口靠右行驶，进入京港澳高速，往石家庄方向。")
    }

    @Test func slightAndSharpTurnsUseFrontAndBackDirections() {
        #expect(zh.say(.now, TestData.maneuver(.turn, .slightLeft, name: "中山路")).display == "向左前方行驶，进入中山路。")
        #expect(zh.say(.now, TestData.maneuver(.turn, .sharpRight)).display == "向右后方转弯。")
        #expect(zh.say(.now, TestData.maneuver(.turn, .uturn)).display == "掉头。")
    }

    @Test func roundaboutExitsUseDiNGe() {
        let p = zh.say(.prepare, TestData.maneuver(.roundabout, name: "人民路", exit: 3), 120)
        #expect(p.display == "前方100米进入环岛，从第三个出口驶出，进入人民路。")
        #expect(zh.say(.now, TestData.maneuver(.rotary, exit: 12, rotary: "人民广场环岛")).display == "进入人民广场环岛，从第十二个出口驶出。")
        #expect(zh.say(.now, TestData.maneuver(.roundabout, exit: 13)).display == "进入环岛，从第13个出口驶出。")
    }

    @Test func exitNumbersTakeHao() {
        let p = zh.say(.prepare, TestData.maneuver(.offRamp, .slightLeft, destinations: "北京, 天津", exits: "23B"), 800)
        #expect(p.display == "前方800米从左侧23B号出口驶出，往北京、天津方向。")
        #expect(p.spoken == "前方800米从左侧23 B号出口驶出，往北京、天津方向。")
        let refs = zh.say(.now, TestData.maneuver(.turn, .right, destinations: "G4, G45: 北京; 天津"))
        #expect(refs.display == "右转，往G4、G45 – 北京、天津方向。")
        #expect(refs.spoken == "右转，往G 4、G 45、北京、天津方向。")
    }

    @Test(arguments: [(1450.0, "1.5公里", "一点五公里"), (2000, "2公里", "两公里"), (2600, "2.5公里", "二点五公里"),
                      (200, "200米", "两百米"), (340, "350米", "350米"), (12300, "12公里", "12公里")])
    func distancesAreSpokenTheWayChineseSaysThem(meters: Double, display: String, spoken: String) {
        let p = zh.say(.prepare, TestData.maneuver(.turn, .right), meters)
        #expect(p.display == "前方\(display)右转。")
        #expect(p.spoken == "前方\(spoken)右转。")
    }

    @Test func imperialFractionsAreSpokenAsWords() {
        let p = zh.say(.prepare, TestData.maneuver(.turn, .left), 804, units: .imperial)
        #expect(p.display == "前方0.5英里左转。")
        #expect(p.spoken == "前方半英里左转。")
    }

    @Test(arguments: [(0.0, "北"), (45, "东北"), (95, "东"), (135, "东南"), (180, "南"), (225, "西南"), (270, "西"), (315, "西北")])
    func departHeading(bearing: Double, direction: String) {
        #expect(zh.say(.depart, TestData.maneuver(.depart, name: "长安街", bearing: bearing)).display == "沿长安街向\(direction)行驶。")
    }

    @Test func continueForADistance() {
        #expect(zh.say(.continue, TestData.maneuver(.newName, name: "沪宁高速"), 8000).display == "沿沪宁高速继续行驶8公里。")
        #expect(zh.say(.continue, TestData.maneuver(.newName), 4600).spoken == "继续行驶四点五公里。")
    }

    @Test func thenClausesAndLanes() {
        let next = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right), distanceMeters: 150, sayDistance: true)
        let lanes = LaneHint(position: .left, usableCount: 2, totalCount: 4)
        let p = zh.say(.prepare, TestData.maneuver(.turn, .left, name: "南京路", lanes: lanes), 300, then: next)
        #expect(p.display == "前方300米左转，进入南京路，再行驶150米后右转。请走左侧车道。")
        let near = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "西藏中路"), distanceMeters: 40, sayDistance: false)
        #expect(zh.say(.now, TestData.maneuver(.turn, .left), then: near).display == "左转，随后右转，进入西藏中路。")
    }

    @Test func arrival() {
        #expect(zh.say(.prepare, TestData.maneuver(.arrive, side: .right), 100).display == "前方100米到达目的地，目的地在您的右侧。")
        #expect(zh.say(.now, TestData.maneuver(.arrive)).display == "即将到达目的地。")
        #expect(zh.say(.arrive, TestData.maneuver(.arrive)).display == "您已到达目的地。")
        #expect(zh.say(.arrive, TestData.maneuver(.arrive, side: .straight)).display == "目的地在您的正前方。")
    }

    @Test func waypointsByOrdinalAndByName() {
        var stop = TestData.maneuver(.arrive, side: .left)
        stop.waypointOrdinal = 2
        #expect(zh.say(.waypoint, stop).display == "第二个途经点在您的左侧。")
        stop.arrivalSide = nil
        #expect(zh.say(.waypoint, stop).display == "已到达第二个途经点。")
        stop.waypointName = "南京南站"
        #expect(zh.say(.waypoint, stop).display == "已到达南京南站。")
    }

    @Test func ferryOffRouteAndReroute() {
        #expect(zh.say(.now, TestData.maneuver(.notification, destinations: "海口", mode: "ferry")).display == "乘坐轮渡，往海口方向。")
        #expect(zh.say(.now, TestData.maneuver(.turn, name: "琼州海峡轮渡", mode: "ferry")).display == "乘坐琼州海峡轮渡。")
        #expect(zh.say(.offRoute, nil).display == "您已偏离路线。")
        #expect(zh.say(.reroute, nil).display == "已为您重新规划路线。")
    }
}
