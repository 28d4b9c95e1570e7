"""The living documentation: the rulings as a static site, with engines' results side by side
(``turncheck site``). Imports the contract, judging (reports read back, the HTML page style) and
the doctools' coverage.
"""
