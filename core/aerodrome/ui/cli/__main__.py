from aerodrome.ui.cli import main

main()
