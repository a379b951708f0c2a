/// Function types that pass scalars through every argument register and return four scalars,
/// to call a function held at its own abstraction whose arguments lower to the same registers
/// (see ``FunctionSignature``): unused registers are ignored by the callee, and unused result
/// registers by the caller.
enum StandIns {
  typealias I = Int
  typealias D = Double

  struct Plain {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) -> (I, I, I, I)

    func call(_ r: Registers, shape: ResultShape) -> Registers {
      switch shape {
      case .fourIntegers:
        let x = self.f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1, x.2, x.3])
      case .twoAndTwo:
        let x = unsafeBitCast(self, to: PlainMixed.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1], floats: [x.2, x.3])
      case .fourFloats:
        let x = unsafeBitCast(self, to: PlainFloats.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(floats: [x.0, x.1, x.2, x.3])
      }
    }
  }

  struct PlainMixed { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) -> (I, I, D, D) }

  struct PlainFloats { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) -> (D, D, D, D) }

  struct Throwing {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) throws -> (I, I, I, I)

    func call(_ r: Registers, shape: ResultShape) throws -> Registers {
      switch shape {
      case .fourIntegers:
        let x = try self.f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1, x.2, x.3])
      case .twoAndTwo:
        let x = try unsafeBitCast(self, to: ThrowingMixed.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1], floats: [x.2, x.3])
      case .fourFloats:
        let x = try unsafeBitCast(self, to: ThrowingFloats.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(floats: [x.0, x.1, x.2, x.3])
      }
    }
  }

  struct ThrowingMixed { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) throws -> (I, I, D, D) }

  struct ThrowingFloats { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) throws -> (D, D, D, D) }

  struct Async {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async -> (I, I, I, I)

    func call(_ r: Registers, shape: ResultShape) async -> Registers {
      switch shape {
      case .fourIntegers:
        let x = await self.f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1, x.2, x.3])
      case .twoAndTwo:
        let x = await unsafeBitCast(self, to: AsyncMixed.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1], floats: [x.2, x.3])
      case .fourFloats:
        let x = await unsafeBitCast(self, to: AsyncFloats.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(floats: [x.0, x.1, x.2, x.3])
      }
    }
  }

  struct AsyncMixed { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async -> (I, I, D, D) }

  struct AsyncFloats { let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async -> (D, D, D, D) }

  struct AsyncThrowing {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async throws -> (I, I, I, I)

    func call(_ r: Registers, shape: ResultShape) async throws -> Registers {
      switch shape {
      case .fourIntegers:
        let x = try await self.f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1, x.2, x.3])
      case .twoAndTwo:
        let x = try await unsafeBitCast(self, to: AsyncThrowingMixed.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(integers: [x.0, x.1], floats: [x.2, x.3])
      case .fourFloats:
        let x = try await unsafeBitCast(self, to: AsyncThrowingFloats.self).f(
          r.integer(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5),
          r.float(0), r.float(1), r.float(2), r.float(3), r.float(4), r.float(5), r.float(6),
          r.float(7))
        return Registers(floats: [x.0, x.1, x.2, x.3])
      }
    }
  }

  struct AsyncThrowingMixed {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async throws -> (I, I, D, D)
  }

  struct AsyncThrowingFloats {
    let f: (I, I, I, I, I, I, D, D, D, D, D, D, D, D) async throws -> (D, D, D, D)
  }
}
