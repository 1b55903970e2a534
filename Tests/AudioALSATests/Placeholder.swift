import Testing
@testable import AudioALSA
@Test func AudioALSABuilds() { #expect(Bool(true)) }
