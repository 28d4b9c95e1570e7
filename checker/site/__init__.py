"""The living documentation: the rulings as a static site, with engines' results side by side
(``turncheck site``). Imports the contract, judging (reports read back, the HTML page style),
trace (the recorded games of failing runs, read and checked by the rules checker, shown as
timelines) and the doctools' coverage.
"""
