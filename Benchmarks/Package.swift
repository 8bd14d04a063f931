// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that building the app never builds the benchmark
// tooling. Run from this directory: `swift package benchmark`.
let package = Package(
    name: "Benchmarks",
    dependencies: [
        .package(name: "mealplan", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TimelineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Timeline", package: "mealplan"),
            ],
            path: "Benchmarks/TimelineBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
