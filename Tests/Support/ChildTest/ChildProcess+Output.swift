import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ChildProcess {
  /// A child's output pipes read as it runs and its input written as it reads, on the one thread
  /// that drives it: a full pipe never stops the child, and the exit is what ends a wait, not an
  /// end of file that another process holding the pipe could keep from coming.
  public final class Exchange {
    /// What came from each output, in the order given.
    public private(set) var outputs: [[UInt8]]
    private let readers: [FileHandle]
    private var ended: [Bool]
    private var input: ArraySlice<UInt8> = []
    private var writer: FileHandle?

    /// Reads `readers` (the read ends of the child's output pipes), closing each at its end.
    public init(reading readers: [FileHandle]) {
      self.readers = readers
      outputs = readers.map { _ in [] }
      ended = readers.map { _ in false }
    }

    /// Whether output `index` has come to its end of file.
    public func hasEnded(_ index: Int) -> Bool { ended[index] }

    /// Writes `bytes` to `writer` (the write end of the child's input pipe) as the child reads
    /// them, then closes it.
    public func write(_ bytes: [UInt8], thenClose writer: FileHandle) {
      _ = fcntl(writer.fileDescriptor, F_SETFL, fcntl(writer.fileDescriptor, F_GETFL) | O_NONBLOCK)
      input = bytes[...]
      self.writer = writer
      if bytes.isEmpty { finishInput() }
    }

    /// Moves input and output until `done` holds or `child` has exited (what it wrote is then
    /// read to the last byte), at most until `deadline`; whether it got there.
    public func pump(
      _ child: ChildProcess, until done: () -> Bool = { false },
      before deadline: ContinuousClock.Instant
    ) -> Bool {
      while !done() {
        if !child.isRunning {
          while pump(milliseconds: 0), ContinuousClock.now < deadline {}
          return true
        }
        guard ContinuousClock.now < deadline else { return false }
        pump(milliseconds: 50)
      }
      return true
    }

    /// Waits up to `milliseconds` for output or room for input, and moves what it can; whether
    /// anything moved.
    @discardableResult
    public func pump(milliseconds: Int32) -> Bool {
      var polled = readers.indices.filter { !ended[$0] }.map {
        pollfd(fd: readers[$0].fileDescriptor, events: Int16(POLLIN), revents: 0)
      }
      if let writer {
        polled.append(pollfd(fd: writer.fileDescriptor, events: Int16(POLLOUT), revents: 0))
      }
      guard poll(&polled, nfds_t(polled.count), milliseconds) > 0 else { return false }
      var moved = false
      for entry in polled where entry.revents != 0 {
        if let index = readers.firstIndex(where: { $0.fileDescriptor == entry.fd }) {
          moved = readSome(index) || moved
        } else {
          moved = writeSome() || moved
        }
      }
      return moved
    }

    private func readSome(_ index: Int) -> Bool {
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = buffer.withUnsafeMutableBytes {
        read(readers[index].fileDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR || errno == EAGAIN { return false }
      guard count > 0 else {
        ended[index] = true
        try? readers[index].close()
        return true
      }
      outputs[index] += buffer.prefix(count)
      return true
    }

    private func writeSome() -> Bool {
      guard let writer else { return false }
      let written = ChildProcess.writeWithoutSIGPIPE(input, to: writer.fileDescriptor)
      if written < 0, errno == EINTR || errno == EAGAIN { return false }
      // NOTE: an error (EPIPE: the child is gone) drops the rest, as the child would never read it.
      input = written < 0 ? [] : input.dropFirst(written)
      if input.isEmpty { finishInput() }
      return true
    }

    private func finishInput() {
      try? writer?.close()
      writer = nil
    }
  }

  /// Writes what of `bytes` the pipe `descriptor` takes now; the count, or -1 and `errno`.
  ///
  /// NOTE: a child that has gone makes the write fail with EPIPE and raise SIGPIPE, whose default
  /// ends the test process: it is blocked on this thread for the write, and taken back if raised.
  public static func writeWithoutSIGPIPE(_ bytes: ArraySlice<UInt8>, to descriptor: Int32)
    -> Int
  {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let error = errno
    if written < 0, error == EPIPE {
      var now = timespec()
      _ = sigtimedwait(&pipeSignal, nil, &now)
    }
    errno = error
    return written
  }
}
