import LayoutBenchCLI

LayoutBenchCommand.main()
