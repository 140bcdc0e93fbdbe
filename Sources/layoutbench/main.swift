import LayoutBenchCLI

LayoutBench.main()
