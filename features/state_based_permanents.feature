Feature: State-based actions on permanents: tokens, counters, poison, legends, worlds, planeswalkers, attachments
  Besides life totals, empty libraries and lethal damage, the state-based check looks at the
  permanents themselves and at poison counters (CR 704.5; 2008: "state-based effects", 420.5).
  Each of these scenarios sets up a state that breaks one of those rules, lets the game reach the
  point where a player would receive priority, and shows what the game did on its own. Where the
  2008 rules and today's differ (the legend rule, planeswalkers sharing a type), the scenario is
  tagged for the edition whose rule it shows.

  @ruling:CR08-420.5f @edition:cr2008 @edition:cr2024
  Rule: A token that leaves the battlefield ceases to exist
    CR 2008 420.5f (today 704.5d): a token in any zone but the battlefield ceases to exist. A token
    that dies is put into the graveyard (so it did die), and then the state-based check removes it.

    Scenario: Tokens: a Soldier token dealt lethal damage dies, then ceases to exist
      Given the game is at the beginning of Alice's upkeep
      And Bob controls a Soldier token
      And Alice has Shock in hand
      And Alice has {R} in her mana pool
      When Alice casts Shock targeting Soldier
      And both players pass priority
      Then Soldier is not on the battlefield
      And Soldier no longer exists
      And Alice has priority
      And these events happen in this order:
        | event           | player | subject |
        | died            | Bob    | Soldier |
        | ceased to exist | Bob    | Soldier |

  @ruling:CR08-420.5n @edition:cr2008 @edition:cr2024
  Rule: +1/+1 and -1/-1 counters on one permanent cancel out
    CR 2008 420.5n (today 704.5q): if a permanent has both +1/+1 and -1/-1 counters, as many of each
    as the smaller number are removed.

    Scenario: Counters: Grizzly Bears with two +1/+1 counters and a -1/-1 counter keeps one +1/+1 counter
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Grizzly Bears with two +1/+1 counters and a -1/-1 counter
      When the game starts
      Then Grizzly Bears has one +1/+1 counter
      And Grizzly Bears has no -1/-1 counters
      And Grizzly Bears is 3/3
      And Alice has priority

  @ruling:CR08-420.5h @edition:cr2008 @edition:cr2024
  Rule: A player with ten or more poison counters loses the game
    CR 2008 420.5h (today 704.5c): a player with ten or more poison counters loses the game. Nine
    are not enough.

    Scenario: Poison: Bob, at 8 poison counters, gets two more from Marsh Viper and loses
      Given it is turn 3
      And the game is at the beginning of Alice's declare attackers step
      And Bob has 8 poison counters
      And Alice controls "Marsh Viper", a 1/2 creature with "Whenever this creature deals combat damage, the defending player gets 2 poison counters"
      When Alice attacks with Marsh Viper
      Then Bob has 8 poison counters
      And Bob has not lost the game
      When the game advances until it is over
      Then Bob has 10 poison counters
      And Bob has lost the game
      And Alice has won the game
      And it is turn 3

    Scenario: Poison: Bob with nine poison counters plays on
      Given the game is at the beginning of Alice's upkeep
      And Bob has 9 poison counters
      When the game starts
      Then Bob has not lost the game
      And Alice has priority

  @ruling:CR08-420.5e @edition:cr2008
  Rule: The 2008 legend rule: legendary permanents with the same name all go to the graveyard
    CR 2008 420.5e: if two or more legendary permanents with the same name are on the battlefield,
    all of them are put into their owners' graveyards, whoever controls them; if only one of them is
    legendary, the rule doesn't apply. (Today's rule, 704.5j, lets the controller keep one; the
    reference engine doesn't model that choice.)

    Scenario: Legend rule (2008): Alice's and Bob's Jedit Ojanen both go to the graveyard
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Jedit Ojanen", a legendary 5/5 creature
      And Bob controls "Jedit Ojanen", a legendary 5/5 creature
      When the game starts
      Then Jedit Ojanen is not on the battlefield
      And Jedit Ojanen is in Alice's graveyard
      And Jedit Ojanen is in Bob's graveyard
      And Alice has priority

    Scenario: Legend rule (2008): a legendary and a nonlegendary permanent with the same name both stay
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Jedit Ojanen", a legendary 5/5 creature
      And Bob controls "Jedit Ojanen", a 5/5 creature
      When the game starts
      Then Alice controls Jedit Ojanen
      And Bob controls Bob's Jedit Ojanen
      And Alice has priority

  @ruling:CR08-420.5i @edition:cr2008 @edition:cr2024
  Rule: Only the newest world permanent stays
    CR 2008 420.5i (today 704.5k): if two or more permanents have the world supertype, all but the
    one that has been a world permanent for the shortest time go to their owners' graveyards.

    Scenario: World rule: Bob's new The Abyss puts Alice's Concordant Crossroads into her graveyard
      Given the game is at the beginning of Bob's precombat main phase
      And Alice controls "Concordant Crossroads", a world enchantment
      And Bob has "The Abyss", a {3}{B} world enchantment, in hand
      And Bob has {B}{B}{B}{B} in his mana pool
      When Bob casts The Abyss
      And both players pass priority
      Then Bob controls The Abyss
      And Concordant Crossroads is not on the battlefield
      And Concordant Crossroads is in Alice's graveyard
      And Bob has priority

  @ruling:CR08-420.5p
  Rule: A planeswalker with no loyalty goes to the graveyard
    CR 2008 420.5p (today 704.5i): a planeswalker with loyalty 0 is put into its owner's graveyard.
    CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters from it.

    @edition:cr2008 @edition:cr2024
    Scenario: Planeswalkers: Jace Beleren with no loyalty counters goes to the graveyard, Garruk Wildspeaker with one stays
      Given the game is at the beginning of Alice's upkeep
      And Bob controls "Jace Beleren", a Jace planeswalker with no loyalty counters
      And Bob controls "Garruk Wildspeaker", a Garruk planeswalker with 1 loyalty counter
      When the game starts
      Then Jace Beleren is not on the battlefield
      And Jace Beleren is in Bob's graveyard
      And Bob controls Garruk Wildspeaker
      And Alice has priority

    @edition:cr2024
    Scenario: Planeswalkers: Lightning Bolt removes Jace Beleren's last three loyalty counters
      Given the game is at the beginning of Alice's upkeep
      And Bob controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Bob controls "Garruk Wildspeaker", a Garruk planeswalker with 4 loyalty counters
      And Alice has Lightning Bolt and Shock in hand
      And Alice has {R}{R} in her mana pool
      When Alice casts Shock targeting Garruk Wildspeaker
      And both players pass priority
      Then Garruk Wildspeaker has 2 loyalty counters
      And Garruk Wildspeaker has 0 damage
      When Alice casts Lightning Bolt targeting Jace Beleren
      And both players pass priority
      Then Jace Beleren is in Bob's graveyard

  @ruling:CR08-420.5q @edition:cr2008 @pair:planeswalker-uniqueness
  Rule: In 2008, planeswalkers sharing a planeswalker type all go to the graveyard
    CR 2008 420.5q: if two or more planeswalkers that share a planeswalker type are on the
    battlefield, all are put into their owners' graveyards (today's rules have no such check).

    Scenario: Planeswalkers (2008): two Jace planeswalkers go to the graveyard, a Garruk stays
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Bob controls "Jace, the Mind Sculptor", a Jace planeswalker with 3 loyalty counters
      And Bob controls "Garruk Wildspeaker", a Garruk planeswalker with 3 loyalty counters
      When the game starts
      Then Jace Beleren is in Alice's graveyard
      And Jace, the Mind Sculptor is in Bob's graveyard
      And Bob controls Garruk Wildspeaker

  @ruling:CR08-420.5q @ruling:CR24-704.5 @edition:cr2024 @pair:planeswalker-uniqueness
  Rule: Today planeswalkers sharing a planeswalker type all stay
    The 2008 planeswalker uniqueness rule (420.5q) is gone from today's state-based actions
    (CR 704.5): two Jace planeswalkers with different names both stay on the battlefield.

    Scenario: Planeswalkers: two Jace planeswalkers with different names both stay
      Given the game is at the beginning of Alice's upkeep
      And Alice controls "Jace Beleren", a Jace planeswalker with 3 loyalty counters
      And Bob controls "Jace, the Mind Sculptor", a Jace planeswalker with 3 loyalty counters
      When the game starts
      Then Alice controls Jace Beleren
      And Bob controls Jace, the Mind Sculptor
      And Alice has priority

  @ruling:CR08-420.5d @edition:cr2008 @edition:cr2024
  Rule: An Aura attached to nothing or to an illegal object goes to the graveyard
    CR 2008 420.5d (today 704.5m): an Aura attached to an illegal object or player, or to nothing,
    is put into its owner's graveyard. An Aura whose creature died is attached to nothing. It isn't
    first unattached, as an Equipment or a Fortification would be (CR 2008 420.5k, today 704.5n).

    Scenario: Auras: Holy Strength goes to the graveyard after its creature dies; Spirit Link on a living creature stays
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Grizzly Bears
      And Bob controls Hill Giant
      And Bob controls "Holy Strength", an Aura with "Enchant creature" attached to Grizzly Bears
      And Bob controls "Spirit Link", an Aura with "Enchant creature" attached to Hill Giant
      And Alice has Shock in hand
      And Alice has {R} in her mana pool
      When Alice casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Holy Strength is in Bob's graveyard
      And Spirit Link is attached to Hill Giant
      And these events happen in this order:
        | event | subject       |
        | died  | Grizzly Bears |
        | died  | Holy Strength |

    Scenario: Auras: an Aura with "Enchant creature" attached to a land goes to the graveyard
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Forest
      And Bob controls "Holy Strength", an Aura with "Enchant creature" attached to Forest
      When the game starts
      Then Holy Strength is in Bob's graveyard
      And Bob controls Forest
      And no "unattached" event happened

  @ruling:CR08-420.5k @edition:cr2008 @edition:cr2024
  Rule: An Equipment or Fortification attached to an illegal permanent becomes unattached and stays
    CR 2008 420.5k (today 704.5n): an Equipment or Fortification attached to an illegal permanent
    becomes unattached but remains on the battlefield; an ability that triggers when it becomes
    unattached triggers. An Equipment may be attached only to a creature and a Fortification only to a
    land: attached to a land, a Fortification stays.

    Scenario: Equipment: Grafted Wargear stays on the battlefield, unattached, when its creature dies
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Grizzly Bears
      And Bob controls "Grafted Wargear", an Equipment with "Whenever this becomes unattached, you lose 2 life" attached to Grizzly Bears
      And Alice has Shock in hand
      And Alice has {R} in her mana pool
      When Alice casts Shock targeting Grizzly Bears
      And both players pass priority
      Then Bob controls Grafted Wargear
      And Grafted Wargear is not attached to anything
      And the stack holds, from the top, Grafted Wargear
      When both players pass priority
      Then Bob has 18 life

    Scenario: Fortification: Darksteel Garrison attached to a creature becomes unattached and stays
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Grizzly Bears
      And Bob controls "Darksteel Garrison", a Fortification attached to Grizzly Bears
      When the game starts
      Then Darksteel Garrison is not attached to anything
      And Bob controls Darksteel Garrison
      And Bob controls Grizzly Bears
      And an "unattached" event happened for Bob about Darksteel Garrison
      And Alice has priority

    Scenario: Fortification: Darksteel Garrison attached to a land stays attached
      Given the game is at the beginning of Alice's upkeep
      And Bob controls Forest
      And Bob controls "Darksteel Garrison", a Fortification attached to Forest
      When the game starts
      Then Darksteel Garrison is attached to Forest
      And no "unattached" event happened
      And Alice has priority

  @ruling:CR08-420.5m @edition:cr2008 @edition:cr2024
  Rule: A permanent that is no Aura, Equipment or Fortification can't stay attached
    CR 2008 420.5m (today 704.5p): a permanent that is attached to another permanent but is neither
    an Aura, an Equipment nor a Fortification becomes unattached; it stays on the battlefield.

    Scenario: Attachments: an artifact that is no Equipment becomes unattached from Grizzly Bears
      Given the game is at the beginning of Alice's upkeep
      And Alice controls Grizzly Bears
      And Alice controls "Cage", an artifact attached to Grizzly Bears
      When the game starts
      Then Cage is not attached to anything
      And Alice controls Cage
      And Alice has priority
