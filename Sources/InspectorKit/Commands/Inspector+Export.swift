import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

extension Inspector {
    /// `di-inspect export --format otlp-json TRACE…`: the resolutions as OpenTelemetry spans (``OTLPExport``),
    /// written to `outputPath` (`-`: standard output) or posted to an OTLP/HTTP `endpoint`.
    ///
    /// Exit code 0, or 2 when a trace cannot be read or exported, the file cannot be written, or the endpoint
    /// does not answer with a 2xx status.
    ///
    /// ```swift
    /// let result = Inspector.export(tracePaths: ["app.ditrace"], endpoint: "http://127.0.0.1:4318/v1/traces")
    /// ```
    public static func export(tracePaths: [String], outputPath: String = "-", endpoint: String? = nil) -> CommandResult {
        let json: Data
        let warnings: String
        do {
            let traces = try TraceInputs.readEach(tracePaths)
            warnings = render(traces.flatMap(\.warnings))
            json = Data(try OTLPExport.render(traces.map { ($0.path, $0.trace) }).utf8)
        } catch let error as OTLPExport.Failure {
            return failure(InspectorError.export(error))
        } catch {
            return failure(error)
        }
        if let endpoint {
            switch post(json, to: endpoint) {
            case .success(let status):
                return CommandResult(
                    exitCode: exitSuccess, output: Data("Posted \(json.count) bytes to \(endpoint) (HTTP \(status)).\n".utf8),
                    diagnostics: warnings)
            case .failure(let error):
                var result = failure(error)
                result.diagnostics = warnings + result.diagnostics
                return result
            }
        }
        if outputPath == "-" { return CommandResult(exitCode: exitSuccess, output: json, diagnostics: warnings) }
        do {
            try OutputFile.write(json, to: outputPath)
        } catch {
            var result = failure(error)
            result.diagnostics = warnings + result.diagnostics
            return result
        }
        return CommandResult(exitCode: exitSuccess, output: Data("Wrote \(outputPath).\n".utf8), diagnostics: warnings)
    }

    /// Posts `body` as `application/json`; the HTTP status on 2xx.
    private static func post(_ body: Data, to endpoint: String) -> Result<Int, InspectorError> {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            return .failure(.endpoint(url: endpoint, reason: "it is not an http:// or https:// URL"))
        }
        var request = URLRequest(url: url, timeoutInterval: 20)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let outcome = Mutex<Result<Int, InspectorError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            let result: Result<Int, InspectorError>
            if let error {
                result = .failure(.endpoint(url: endpoint, reason: error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                if (200..<300).contains(http.statusCode) {
                    result = .success(http.statusCode)
                } else {
                    let text = data.map { String(decoding: $0.prefix(300), as: UTF8.self) } ?? ""
                    result = .failure(.endpoint(
                        url: endpoint, reason: "it answered HTTP \(http.statusCode)\(text.isEmpty ? "" : ": \(text)")"))
                }
            } else {
                result = .failure(.endpoint(url: endpoint, reason: "it gave no HTTP response"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + 30) == .timedOut {
            task.cancel()
            return .failure(.endpoint(url: endpoint, reason: "no answer within 30 seconds"))
        }
        return outcome.withLock { $0 } ?? .failure(.endpoint(url: endpoint, reason: "no answer"))
    }
}
