import Testing

@testable import CasePaths

@Suite("Paths whose case comes last agree with if case, over every enum shape")
struct LateCaseAgreementTests {
  @Test func extraTagByte() async {
    let roots: [AdvXT] = [.a(1), .b(2), .c(1.5), .e0, .e1, .e2, .a(-1), .b(.min), .c(-0.0)]
    var f: [String] = []
    f += await LateCase.family(
      "XT.a", roots, { if case .a(let v) = $0 { v } else { nil } },
      plain: { /AdvXT.a }, promoted: { /AdvXT.a }, double: { /AdvXT.a })
    f += await LateCase.family(
      "XT.b", roots, { if case .b(let v) = $0 { v } else { nil } },
      plain: { /AdvXT.b }, promoted: { /AdvXT.b }, double: { /AdvXT.b })
    f += await LateCase.family(
      "XT.c", roots, { if case .c(let v) = $0 { v } else { nil } },
      plain: { /AdvXT.c }, promoted: { /AdvXT.c }, double: { /AdvXT.c })
    f += await LateCase.family(
      "XT.e1", roots, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvXT.e1 }, promoted: { /AdvXT.e1 }, double: { /AdvXT.e1 })
    f += await LateCase.family(
      "XT.e0", roots, { if case .e0 = $0 { () } else { nil } },
      plain: { /AdvXT.e0 }, promoted: { /AdvXT.e0 }, double: { /AdvXT.e0 })
    f += await LateCase.family(
      "XT.e2", roots, { if case .e2 = $0 { () } else { nil } },
      plain: { /AdvXT.e2 }, promoted: { /AdvXT.e2 }, double: { /AdvXT.e2 })
    LateCase.report(f)
  }

  @Test func spareBits() async {
    let p = UnsafeRawPointer(bitPattern: 0x1000)!
    let q = UnsafeRawPointer(bitPattern: 0x7fff_ffff_fff8)!
    let roots: [AdvSB] = [
      .obj(AdvObj(1)), .arr([]), .arr([1, 2]), .ptr(p), .ptr(q), .e0, .e1, .e2, .obj(AdvObj(2)),
    ]
    var f: [String] = []
    f += await LateCase.family(
      "SB.obj", roots, { if case .obj(let v) = $0 { v } else { nil } },
      plain: { /AdvSB.obj }, promoted: { /AdvSB.obj }, double: { /AdvSB.obj })
    f += await LateCase.family(
      "SB.arr", roots, { if case .arr(let v) = $0 { v } else { nil } },
      plain: { /AdvSB.arr }, promoted: { /AdvSB.arr }, double: { /AdvSB.arr })
    f += await LateCase.family(
      "SB.ptr", roots, { if case .ptr(let v) = $0 { v } else { nil } },
      plain: { /AdvSB.ptr }, promoted: { /AdvSB.ptr }, double: { /AdvSB.ptr })
    f += await LateCase.family(
      "SB.e1", roots, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvSB.e1 }, promoted: { /AdvSB.e1 }, double: { /AdvSB.e1 })
    f += await LateCase.family(
      "SB.e0", roots, { if case .e0 = $0 { () } else { nil } },
      plain: { /AdvSB.e0 }, promoted: { /AdvSB.e0 })

    let long = String(repeating: "x", count: 40)
    let strs: [AdvStr] = [.s(""), .s(long), .t("a"), .t(long), .idle, .busy, .s("é")]
    f += await LateCase.family(
      "Str.s", strs, { if case .s(let v) = $0 { v } else { nil } },
      plain: { /AdvStr.s }, promoted: { /AdvStr.s }, double: { /AdvStr.s })
    f += await LateCase.family(
      "Str.t", strs, { if case .t(let v) = $0 { v } else { nil } },
      plain: { /AdvStr.t }, promoted: { /AdvStr.t }, double: { /AdvStr.t })
    f += await LateCase.family(
      "Str.idle", strs, { if case .idle = $0 { () } else { nil } },
      plain: { /AdvStr.idle }, promoted: { /AdvStr.idle }, double: { /AdvStr.idle })
    f += await LateCase.family(
      "Str.busy", strs, { if case .busy = $0 { () } else { nil } },
      plain: { /AdvStr.busy }, promoted: { /AdvStr.busy })

    let tiny: [AdvTinyHolder] = [.t(.a), .t(.c), .u(.a), .u(.b), .n, .m]
    f += await LateCase.family(
      "Tiny.t", tiny, { if case .t(let v) = $0 { v } else { nil } },
      plain: { /AdvTinyHolder.t }, promoted: { /AdvTinyHolder.t }, double: { /AdvTinyHolder.t })
    f += await LateCase.family(
      "Tiny.u", tiny, { if case .u(let v) = $0 { v } else { nil } },
      plain: { /AdvTinyHolder.u }, promoted: { /AdvTinyHolder.u })
    f += await LateCase.family(
      "Tiny.m", tiny, { if case .m = $0 { () } else { nil } },
      plain: { /AdvTinyHolder.m }, promoted: { /AdvTinyHolder.m }, double: { /AdvTinyHolder.m })
    f += await LateCase.family(
      "Tiny.n", tiny, { if case .n = $0 { () } else { nil } },
      plain: { /AdvTinyHolder.n }, promoted: { /AdvTinyHolder.n })
    let tinies: [AdvTiny] = [.a, .b, .c]
    f += await LateCase.family(
      "AdvTiny.b", tinies, { if case .b = $0 { () } else { nil } },
      plain: { /AdvTiny.b }, promoted: { /AdvTiny.b }, double: { /AdvTiny.b })

    let small: [AdvSmall] = [.f(true), .f(false), .g(-1), .g(127), .h(true), .h(false), .z0, .z1]
    f += await LateCase.family(
      "Small.f", small, { if case .f(let v) = $0 { v } else { nil } },
      plain: { /AdvSmall.f }, promoted: { /AdvSmall.f }, double: { /AdvSmall.f })
    f += await LateCase.family(
      "Small.g", small, { if case .g(let v) = $0 { v } else { nil } },
      plain: { /AdvSmall.g }, promoted: { /AdvSmall.g })
    f += await LateCase.family(
      "Small.h", small, { if case .h(let v) = $0 { v } else { nil } },
      plain: { /AdvSmall.h }, promoted: { /AdvSmall.h })
    f += await LateCase.family(
      "Small.z1", small, { if case .z1 = $0 { () } else { nil } },
      plain: { /AdvSmall.z1 }, promoted: { /AdvSmall.z1 }, double: { /AdvSmall.z1 })
    LateCase.report(f)
  }

  @Test func manyCases() async {
    let m80: [AdvMany80] = [.p0(1), .p3(2), .p7(-1), .e0, .e5, .e55, .e56, .e63, .e70, .e71]
    var f: [String] = []
    f += await LateCase.family(
      "M80.p3", m80, { if case .p3(let v) = $0 { v } else { nil } },
      plain: { /AdvMany80.p3 }, promoted: { /AdvMany80.p3 })
    f += await LateCase.family(
      "M80.e56", m80, { if case .e56 = $0 { () } else { nil } },
      plain: { /AdvMany80.e56 }, promoted: { /AdvMany80.e56 })
    f += await LateCase.family(
      "M80.e71", m80, { if case .e71 = $0 { () } else { nil } },
      plain: { /AdvMany80.e71 }, promoted: { /AdvMany80.e71 })

    let m303: [AdvMany303] = [
      .obj(AdvObj(1)), .arr([1]), .str("s"), .e0, .e1, .e60, .e61, .e255, .e256, .e299,
    ]
    f += await LateCase.family(
      "M303.arr", m303, { if case .arr(let v) = $0 { v } else { nil } },
      plain: { /AdvMany303.arr }, promoted: { /AdvMany303.arr })
    f += await LateCase.family(
      "M303.obj", m303, { if case .obj(let v) = $0 { v } else { nil } },
      plain: { /AdvMany303.obj }, promoted: { /AdvMany303.obj })
    f += await LateCase.family(
      "M303.e256", m303, { if case .e256 = $0 { () } else { nil } },
      plain: { /AdvMany303.e256 }, promoted: { /AdvMany303.e256 })

    let m270: [AdvMany270] = [.p0(0), .p1(1), .p63(63), .p64(64), .p69(69), .e0, .e150, .e199]
    f += await LateCase.family(
      "M270.p64", m270, { if case .p64(let v) = $0 { v } else { nil } },
      plain: { /AdvMany270.p64 }, promoted: { /AdvMany270.p64 })
    f += await LateCase.family(
      "M270.e150", m270, { if case .e150 = $0 { () } else { nil } },
      plain: { /AdvMany270.e150 }, promoted: { /AdvMany270.e150 })

    let u8: [AdvU8x255] = [.v(0), .v(255), .v(1), .e0, .e1, .e100, .e254]
    f += await LateCase.family(
      "U8.v", u8, { if case .v(let v) = $0 { v } else { nil } },
      plain: { /AdvU8x255.v }, promoted: { /AdvU8x255.v }, double: { /AdvU8x255.v })
    f += await LateCase.family(
      "U8.e1", u8, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvU8x255.e1 }, promoted: { /AdvU8x255.e1 }, double: { /AdvU8x255.e1 })
    f += await LateCase.family(
      "U8.e254", u8, { if case .e254 = $0 { () } else { nil } },
      plain: { /AdvU8x255.e254 }, promoted: { /AdvU8x255.e254 })

    let b300: [AdvBool300] = [.b(true), .b(false), .e0, .e1, .e253, .e254, .e299]
    f += await LateCase.family(
      "B300.b", b300, { if case .b(let v) = $0 { v } else { nil } },
      plain: { /AdvBool300.b }, promoted: { /AdvBool300.b }, double: { /AdvBool300.b })
    f += await LateCase.family(
      "B300.e254", b300, { if case .e254 = $0 { () } else { nil } },
      plain: { /AdvBool300.e254 }, promoted: { /AdvBool300.e254 })
    f += await LateCase.family(
      "B300.e1", b300, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvBool300.e1 }, promoted: { /AdvBool300.e1 })
    LateCase.report(f)
  }

  @Test func singlePayload() async {
    var f: [String] = []
    let objs: [AdvSPObj] = [.e0, .e1, .e2, .v(AdvObj(1)), .v(AdvObj(2))]
    f += await LateCase.family(
      "SPObj.v", objs, { if case .v(let v) = $0 { v } else { nil } },
      plain: { /AdvSPObj.v }, promoted: { /AdvSPObj.v }, double: { /AdvSPObj.v })
    f += await LateCase.family(
      "SPObj.e1", objs, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvSPObj.e1 }, promoted: { /AdvSPObj.e1 }, double: { /AdvSPObj.e1 })
    let strs: [AdvSPStr] = [.e0, .e1, .s(""), .s(String(repeating: "y", count: 30))]
    f += await LateCase.family(
      "SPStr.s", strs, { if case .s(let v) = $0 { v } else { nil } },
      plain: { /AdvSPStr.s }, promoted: { /AdvSPStr.s }, double: { /AdvSPStr.s })
    f += await LateCase.family(
      "SPStr.e0", strs, { if case .e0 = $0 { () } else { nil } },
      plain: { /AdvSPStr.e0 }, promoted: { /AdvSPStr.e0 })
    let bools: [AdvSPBool] = [.e0, .e1, .b(true), .b(false)]
    f += await LateCase.family(
      "SPBool.b", bools, { if case .b(let v) = $0 { v } else { nil } },
      plain: { /AdvSPBool.b }, promoted: { /AdvSPBool.b }, double: { /AdvSPBool.b })
    f += await LateCase.family(
      "SPBool.e1", bools, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvSPBool.e1 }, promoted: { /AdvSPBool.e1 }, double: { /AdvSPBool.e1 })
    let int8s: [AdvSPInt8] = [.e0, .e1, .v(0), .v(-1), .v(1), .v(.min)]
    f += await LateCase.family(
      "SPInt8.v", int8s, { if case .v(let v) = $0 { v } else { nil } },
      plain: { /AdvSPInt8.v }, promoted: { /AdvSPInt8.v }, double: { /AdvSPInt8.v })
    f += await LateCase.family(
      "SPInt8.e1", int8s, { if case .e1 = $0 { () } else { nil } },
      plain: { /AdvSPInt8.e1 }, promoted: { /AdvSPInt8.e1 }, double: { /AdvSPInt8.e1 })
    f += await LateCase.family(
      "SPInt8.e0", int8s, { if case .e0 = $0 { () } else { nil } },
      plain: { /AdvSPInt8.e0 }, promoted: { /AdvSPInt8.e0 })
    let arrs: [AdvSPArr] = [.e0, .v([]), .v([1])]
    f += await LateCase.family(
      "SPArr.v", arrs, { if case .v(let v) = $0 { v } else { nil } },
      plain: { /AdvSPArr.v }, promoted: { /AdvSPArr.v }, double: { /AdvSPArr.v })
    f += await LateCase.family(
      "SPArr.e0", arrs, { if case .e0 = $0 { () } else { nil } },
      plain: { /AdvSPArr.e0 }, promoted: { /AdvSPArr.e0 }, double: { /AdvSPArr.e0 })
    LateCase.report(f)
  }
}
