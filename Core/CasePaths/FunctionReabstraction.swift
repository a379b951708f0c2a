/// Returns the Swift function of `type` stored at `pointer` at its own abstraction (as an enum
/// stores it), converted to the abstraction generic code holds it at, in an `Any`; `nil` when
/// ``FunctionSignature`` cannot tell how it passes its arguments and result.
///
/// Swift converts a function between abstractions only where the compiler sees both; no
/// run-time call does it (`Mirror` copies such functions unconverted, and calling them crashes).
/// This builds the conversion: a function generic over the argument and result types, which
/// reads each argument's scalars from the address it is given, calls the stored function
/// through a stand-in type that passes those scalars in the same registers, and writes the
/// result's scalars to the result's address.
func reabstractedFunction(of type: Any.Type, at pointer: UnsafeRawPointer) -> Any? {
  guard let signature = FunctionSignature(of: type) else { return nil }
  // A copy: the stand-in holds the function's context for as long as the converted one lives.
  let function = DirectFunction(
    signature: signature, body: pointer.load(as: StandIns.Plain.self))
  let padded = signature.parameters + Array(repeating: Void.self, count: 3)
  func openFirst<A>(_: A.Type) -> Any {
    func openSecond<B>(_: B.Type) -> Any {
      func openThird<C>(_: C.Type) -> Any {
        func openResult<R>(_: R.Type) -> Any {
          func openFunction<F>(_: F.Type) -> Any {
            function.generic(A.self, B.self, C.self, R.self, as: F.self)
          }
          return _openExistential(type, do: openFunction)
        }
        return _openExistential(signature.result, do: openResult)
      }
      return _openExistential(padded[2], do: openThird)
    }
    return _openExistential(padded[1], do: openSecond)
  }
  return _openExistential(padded[0], do: openFirst)
}

/// A Swift function held at its own abstraction, with the signature that says how to call it.
struct DirectFunction: @unchecked Sendable {
  let signature: FunctionSignature
  /// The function, as the stand-in type that passes scalars through every argument register
  /// and returns four integers; reinterpreted as the other stand-ins to call it.
  let body: StandIns.Plain

  /// The function as generic code holds a function of type `F`, whose parameters are `A`,
  /// `B`, `C` (as many as it has) and whose result is `R`.
  func generic<A, B, C, R, F>(
    _: A.Type, _: B.Type, _: C.Type, _: R.Type, as _: F.Type
  ) -> Any {
    let function = self
    // NOTE: each closure takes its arguments and returns its result by address, as generic
    // code calls a function of type `F`; so it is one, whatever its own type says.
    switch (signature.kind, signature.parameters.count) {
    case (.plain, 0): return cast({ () -> R in function.call() }, to: F.self)
    case (.plain, 1): return cast({ (a: A) -> R in function.call(a) }, to: F.self)
    case (.plain, 2): return cast({ (a: A, b: B) -> R in function.call(a, b) }, to: F.self)
    case (.plain, _):
      return cast({ (a: A, b: B, c: C) -> R in function.call(a, b, c) }, to: F.self)
    case (.throwing, 0): return cast({ () throws -> R in try function.tryCall() }, to: F.self)
    case (.throwing, 1): return cast({ (a: A) throws -> R in try function.tryCall(a) }, to: F.self)
    case (.throwing, 2):
      return cast({ (a: A, b: B) throws -> R in try function.tryCall(a, b) }, to: F.self)
    case (.throwing, _):
      return cast({ (a: A, b: B, c: C) throws -> R in try function.tryCall(a, b, c) }, to: F.self)
    case (.async, 0): return cast({ () async -> R in await function.await() }, to: F.self)
    case (.async, 1): return cast({ (a: A) async -> R in await function.await(a) }, to: F.self)
    case (.async, 2):
      return cast({ (a: A, b: B) async -> R in await function.await(a, b) }, to: F.self)
    case (.async, _):
      return cast({ (a: A, b: B, c: C) async -> R in await function.await(a, b, c) }, to: F.self)
    case (.asyncThrowing, 0):
      return cast({ () async throws -> R in try await function.tryAwait() }, to: F.self)
    case (.asyncThrowing, 1):
      return cast({ (a: A) async throws -> R in try await function.tryAwait(a) }, to: F.self)
    case (.asyncThrowing, 2):
      return cast(
        { (a: A, b: B) async throws -> R in try await function.tryAwait(a, b) }, to: F.self)
    case (.asyncThrowing, _):
      return cast(
        { (a: A, b: B, c: C) async throws -> R in try await function.tryAwait(a, b, c) },
        to: F.self)
    }
  }

  private func cast<G, F>(_ function: G, to _: F.Type) -> Any {
    unsafeBitCast(function, to: F.self) as Any
  }

  func call<each T, R>(_ arguments: repeat each T) -> R {
    result(body.call(registers(repeat each arguments), shape: shape))
  }

  func tryCall<each T, R>(_ arguments: repeat each T) throws -> R {
    let throwing = unsafeBitCast(body, to: StandIns.Throwing.self)
    return result(try throwing.call(registers(repeat each arguments), shape: shape))
  }

  func await<each T, R>(_ arguments: repeat each T) async -> R {
    let async = unsafeBitCast(body, to: StandIns.Async.self)
    return result(await async.call(registers(repeat each arguments), shape: shape))
  }

  func tryAwait<each T, R>(_ arguments: repeat each T) async throws -> R {
    let async = unsafeBitCast(body, to: StandIns.AsyncThrowing.self)
    return result(try await async.call(registers(repeat each arguments), shape: shape))
  }

  private var shape: ResultShape { ResultShape(signature.resultScalars) }

  /// The arguments' scalars, in the registers the function reads them from.
  private func registers<each T>(_ arguments: repeat each T) -> Registers {
    var registers = Registers()
    var index = 0
    for argument in repeat each arguments {
      let scalars = signature.parameterScalars[index]
      withUnsafeBytes(of: argument) { bytes in
        for scalar in scalars {
          let bits = load(scalar, from: bytes.baseAddress!)
          if scalar.isFloat {
            registers.floats.append(Double(bitPattern: bits))
          } else {
            registers.integers.append(Int(bitPattern: UInt(bits)))
          }
        }
      }
      index += 1
    }
    return registers
  }

  /// Builds the result from the registers it came back in; it owns what they hold.
  private func result<R>(_ registers: Registers) -> R {
    withUnsafeTemporaryAllocation(of: R.self, capacity: 1) { buffer in
      let storage = UnsafeMutableRawPointer(buffer.baseAddress!)
      var integers = registers.integers.makeIterator()
      var floats = registers.floats.makeIterator()
      for scalar in signature.resultScalars {
        let bits =
          scalar.isFloat
          ? floats.next()!.bitPattern : UInt64(UInt(bitPattern: integers.next()!))
        withUnsafeBytes(of: bits.littleEndian) { bytes in
          (storage + scalar.offset).copyMemory(from: bytes.baseAddress!, byteCount: scalar.size)
        }
      }
      return buffer.baseAddress!.move()
    }
  }
}

/// Loads `scalar` from a value at `base`, extended to 64 bits as the callee expects.
private func load(_ scalar: RegisterScalar, from base: UnsafeRawPointer) -> UInt64 {
  let pointer = base + scalar.offset
  switch (scalar.size, scalar.isSigned) {
  case (1, false): return UInt64(pointer.loadUnaligned(as: UInt8.self))
  case (1, true): return UInt64(bitPattern: Int64(pointer.loadUnaligned(as: Int8.self)))
  case (2, false): return UInt64(pointer.loadUnaligned(as: UInt16.self))
  case (2, true): return UInt64(bitPattern: Int64(pointer.loadUnaligned(as: Int16.self)))
  case (4, false): return UInt64(pointer.loadUnaligned(as: UInt32.self))
  case (4, true): return UInt64(bitPattern: Int64(pointer.loadUnaligned(as: Int32.self)))
  default: return pointer.loadUnaligned(as: UInt64.self)
  }
}

/// Scalars in registers: the arguments going in, or the result coming back.
struct Registers {
  var integers: [Int] = []
  var floats: [Double] = []

  func integer(_ index: Int) -> Int { index < integers.count ? integers[index] : 0 }
  func float(_ index: Int) -> Double { index < floats.count ? floats[index] : 0 }
}

/// Which stand-in result type covers a result's scalars: four registers, integer ones first.
enum ResultShape {
  case fourIntegers, twoAndTwo, fourFloats

  init(_ scalars: [RegisterScalar]) {
    let floats = scalars.count(where: \.isFloat)
    self = floats == 0 ? .fourIntegers : floats == scalars.count ? .fourFloats : .twoAndTwo
  }
}
