internal import Foundation

/// Draws bar charts as text.
///
/// ```swift
/// Container.chartRenderer().bars([("Mon", 3.75), ("Tue", 0.75)])
/// ```
public protocol ChartRendering: AnyObject, Sendable {
    /// One line per row: label, bar, value.
    func bars(_ rows: [(label: String, value: Double)]) -> [String]
}

/// Bars of `█` characters, scaled so the largest value fills `width` columns.
public final class AsciiBarChartRenderer: ChartRendering {
    let width: Int

    /// A renderer whose longest bar is `width` characters.
    public init(width: Int = 32) { self.width = width }

    /// `Mon ███████████████▌ 3.8h`.
    public func bars(_ rows: [(label: String, value: Double)]) -> [String] {
        let largest = rows.map(\.value).max() ?? 0
        return rows.map { row in
            let length = largest > 0 ? Int((row.value / largest * Double(width)).rounded()) : 0
            let bar = String(repeating: "█", count: length)
            return
                "\(row.label) \(bar)\(String(repeating: " ", count: width - length)) \(String(format: "%.1fh", row.value))"
        }
    }
}
