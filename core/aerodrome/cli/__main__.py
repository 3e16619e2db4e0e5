from aerodrome.cli import main

main()
