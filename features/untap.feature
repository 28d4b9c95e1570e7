Feature: The untap
  The untap step (Comprehensive Rules) or untap phase (Mirage) is where the active player's
  permanents phase in and out, where day may become night or night day (current rules only),
  and where the active player untaps their permanents, all at once. Under the Comprehensive
  Rules nobody gets priority there; in Mirage the untap is a mandatory phase effect that is
  announced, goes on the stack and resolves, and meanwhile only mana sources may be used.

  # ---------------------------------------------------------------------------------------
  # Phasing
  # ---------------------------------------------------------------------------------------

  @edition:mirage @edition:cr2008 @edition:cr2024
  @ruling:CR24-502.1 @ruling:CR08-302.1 @ruling:GRT-1.6-8 @ruling:WIKI-BP-1
  Rule: Phasing comes first, and its two halves happen at the same time
    The active player's phased-in permanents with phasing phase out, and the permanents that
    phased out under that player's control phase in, simultaneously and before anything
    untaps. Because phasing comes first, a tapped permanent that phases in untaps in that same
    untap. The opponent's phased-out permanents stay out. Sources: CR 502.1 (2024), CR 302.1
    (2004-2008), Mirage rulebook p. 2 (phasing is a beginning-of-untap effect, neither half
    before the other), MTG Wiki "Beginning phase" (a tapped permanent that phases in gets to
    untap almost at once).

    Scenario: Untap: one Breezekeeper phases out while the other phases in, neither undoing the other
      Given it is Alice's turn
      And Alice controls Breezekeeper
      And Alice controls a phased-out Breezekeeper
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased out
      And Breezekeeper 2 is phased in
      And a "phased out" event happened for Alice about Breezekeeper
      And a "phased in" event happened for Alice about Breezekeeper 2
      And no "phased out" event happened for Alice about Breezekeeper 2
      And no "phased in" event happened for Alice about Breezekeeper

    Scenario: Untap: a tapped Breezekeeper that phases in untaps in the same untap
      Given it is Alice's turn
      And Alice controls a tapped, phased-out Breezekeeper
      And Alice controls a tapped Forest
      And Bob controls a tapped, phased-out Breezekeeper
      When the game advances to Alice's upkeep
      Then Breezekeeper is phased in
      And Breezekeeper is untapped
      And Forest is untapped
      And Bob's Breezekeeper is phased out
      And these events happen in this order:
        | event     | player | subject      |
        | phased in | Alice  | Breezekeeper |
        | untapped  | Alice  |              |

  # ---------------------------------------------------------------------------------------
  # Day and night (current rules only)
  # ---------------------------------------------------------------------------------------

  @edition:cr2024 @ruling:CR24-502.2 @ruling:WIKI-BP-1
  Rule: Second, day may become night and night day, from the spells of the previous turn's active player
    Day becomes night if the previous turn's active player cast no spells during that turn;
    night becomes day if that player cast two or more; when it is neither day nor night the
    check doesn't happen and it stays neither. This comes after phasing and before the
    untap. Sources: CR 502.2 (2024), CR 703.4b, MTG Wiki "Beginning phase". Day and night do
    not exist in the 2004-2008 rules or in Mirage. (The pool has no daybound or nightbound
    card, so the transformation the Wiki mentions is not shown.)

    Scenario Outline: Untap: it was <before> and the previous turn's active player cast <spells> spells
      Given it is <before>
      And the previous turn's active player cast <spells> spells during it
      And it is Alice's turn
      When the game advances to Alice's upkeep
      Then it is <after>

      Examples:
        | before                 | spells | after                  |
        | day                    | 0      | night                  |
        | day                    | 1      | day                    |
        | day                    | 2      | day                    |
        | night                  | 0      | night                  |
        | night                  | 1      | night                  |
        | night                  | 2      | day                    |
        | night                  | 3      | day                    |
        | neither day nor night  | 0      | neither day nor night  |
        | neither day nor night  | 2      | neither day nor night  |

    Scenario: Untap: day and night are checked after phasing and before the untap
      Given it is day
      And the previous turn's active player cast 0 spells during it
      And it is Alice's turn
      And Alice controls a phased-out Breezekeeper
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then it is night
      And these events happen in this order:
        | event             | player | subject      |
        | phased in         | Alice  | Breezekeeper |
        | day night changed |        | night        |
        | untapped          | Alice  |              |

    Scenario: Untap: no day or night event when it is neither day nor night
      Given it is neither day nor night
      And the previous turn's active player cast 0 spells during it
      And it is Alice's turn
      When the game advances to Alice's upkeep
      Then it is neither day nor night
      And no "day night changed" event happened

    Scenario: Untap: night becomes day after Bob casts two spells in his turn
      Given it is night
      And the game is at the beginning of Bob's precombat main phase
      And Bob controls Grizzly Bears
      And Bob has Giant Growth and Giant Growth in hand
      And Bob has {G}{G} in his mana pool
      When Bob casts Giant Growth targeting Grizzly Bears
      And both players pass priority
      And Bob casts Giant Growth targeting Grizzly Bears
      And the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And it is day

    Scenario: Untap: day stays day after Bob casts one spell in his turn
      Given it is day
      And the game is at the beginning of Bob's precombat main phase
      And Bob controls Grizzly Bears
      And Bob has Giant Growth in hand
      And Bob has {G} in his mana pool
      When Bob casts Giant Growth targeting Grizzly Bears
      And the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And it is day
      And these events happen in this order:
        | event          | subject       | effect       | until       |
        | effect started | Grizzly Bears | Giant Growth | end of turn |
        | effect ended   | Grizzly Bears | Giant Growth |             |

  @edition:cr2024 @ruling:CR24-502.2a
  Rule: Only the previous turn's active side counts its spells for day and night
    With the shared team turns option, the check counts the spells of every player on the
    previous turn's active team: no spell from that team turns day into night, two or more
    from one of its players turn night into day. Source: CR 502.2a (2024). The engine has no
    teams, so this can't be played as written; in a two-player game each team is a single
    player, and the observable consequence is that spells cast by the other side (here Alice,
    casting instants during Bob's turn) don't count: only the active side's spells do.

    Scenario: Untap: Alice's instant in Bob's turn doesn't keep it day
      Given it is day
      And the game is at the beginning of Bob's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When Bob passes priority
      And Alice casts Giant Growth targeting Grizzly Bears
      And the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And it is night

    Scenario: Untap: Alice's two instants in Bob's turn don't turn night into day
      Given it is night
      And the game is at the beginning of Bob's precombat main phase
      And Alice controls Grizzly Bears
      And Alice has Giant Growth and Giant Growth in hand
      And Alice has {G}{G} in her mana pool
      When Bob passes priority
      And Alice casts Giant Growth targeting Grizzly Bears
      And Alice casts Giant Growth targeting Grizzly Bears
      And the game advances to Alice's upkeep
      Then it is Alice's upkeep
      And it is night

  # ---------------------------------------------------------------------------------------
  # Untapping
  # ---------------------------------------------------------------------------------------

  @edition:mirage @edition:cr2008 @edition:cr2024
  @ruling:CR24-502.3 @ruling:CR08-302.2 @ruling:WIKI-BP-1 @ruling:GRT-1.6-4
  Rule: The active player untaps all their permanents at once
    Normally every permanent the active player controls untaps, all simultaneously; the other
    player's permanents stay as they are. Since the untapping is simultaneous, untapping one
    permanent can't change what else untaps: a tapped Winter Orb doesn't restrict the very
    untap in which it untaps itself. Sources: CR 502.3 (2024), CR 302.2 (2004-2008), MTG Wiki
    "Beginning phase", Mirage rulebook p. 46 (with the Winter Orb example of the General
    Rulings, Turn Order: Untap).

    Scenario: Untap: all of Alice's permanents untap in a single event, Bob's stay tapped
      Given it is Alice's turn
      And Alice controls 2 tapped Forest
      And Alice controls a tapped Grizzly Bears
      And Alice controls a tapped Howling Mine
      And Bob controls a tapped Mountain
      When the game advances to Alice's upkeep
      Then Forest is untapped
      And Forest 2 is untapped
      And Grizzly Bears is untapped
      And Howling Mine is untapped
      And Mountain is tapped
      And an "untapped" event happened for Alice with amount 4
      And no "untapped" event happened for Bob

    Scenario: Untap: Alice's tapped Winter Orb doesn't limit the untap that untaps it
      Given it is Alice's turn
      And Alice controls a tapped Winter Orb
      And Alice controls 3 tapped Forest
      When the game advances to Alice's upkeep
      Then Winter Orb is untapped
      And Forest is untapped
      And Forest 2 is untapped
      And Forest 3 is untapped
      And an "untapped" event happened for Alice with amount 4

  @edition:mirage @edition:cr2008 @edition:cr2024
  @ruling:CR24-502.3 @ruling:CR08-302.2 @ruling:WIKI-BP-1 @ruling:GRT-1.6-6 @ruling:GRT-1.6-5
  Rule: The active player decides what untaps when an effect leaves a choice
    The active player first determines which permanents will untap, then untaps them. An
    untapped Winter Orb lets each player untap only one land, chosen by that player; Amber
    Prison may be left tapped if its controller chooses. Other permanents still untap.
    Sources: CR 502.3 (2024), CR 302.2 (2004-2008), MTG Wiki "Beginning phase"; for Mirage,
    bethmo 11/07/96 (the choices are made as the untap is announced) and Aahz 11/01/96
    (anything that can untap does, unless its controller took the option not to untap it).

    Scenario: Untap: under Bob's untapped Winter Orb Alice untaps only the one land she picks
      Given it is Alice's turn
      And Bob controls Winter Orb
      And Alice controls 3 tapped Forest
      And Alice controls a tapped Grizzly Bears
      When the game advances to Alice's untap
      Then the game waits for Alice to choose what to untap
      When Alice tries to choose to untap Forest and Forest 2
      Then the game refuses it because limit_reached
      When Alice chooses to untap Forest 2
      And the game advances to Alice's upkeep
      Then Forest 2 is untapped
      And Forest is tapped
      And Forest 3 is tapped
      And Grizzly Bears is untapped
      And Winter Orb is untapped

    Scenario: Untap: Alice chooses to leave her Amber Prison tapped
      Given it is Alice's turn
      And Alice controls a tapped Amber Prison
      And Alice controls a tapped Forest
      When the game advances to Alice's untap
      Then the game waits for Alice to choose what to untap
      When Alice chooses to untap nothing
      And the game advances to Alice's upkeep
      Then Amber Prison is tapped
      And Forest is untapped

    Scenario: Untap: Alice chooses to untap her Amber Prison
      Given it is Alice's turn
      And Alice controls a tapped Amber Prison
      When the game advances to Alice's untap
      Then the game waits for Alice to choose what to untap
      When Alice chooses to untap Amber Prison
      And the game advances to Alice's upkeep
      Then Amber Prison is untapped

  @edition:mirage @edition:cr2008 @edition:cr2024 @ruling:CR24-502.3 @ruling:CR08-302.2
  Rule: Effects can keep a permanent from untapping
    A permanent that "doesn't untap during its controller's untap step" (Mana Vault,
    Colossus of Sardia) stays tapped, and there is no choice to make about it; everything
    else still untaps. Sources: CR 502.3 (2024), CR 302.2 (2004-2008).

    Scenario: Untap: Mana Vault and Colossus of Sardia stay tapped while the Forest untaps
      Given it is Alice's turn
      And Alice controls a tapped Mana Vault
      And Alice controls a tapped Colossus of Sardia
      And Alice controls a tapped Forest
      When the game advances to Alice's upkeep
      Then Mana Vault is tapped
      And Colossus of Sardia is tapped
      And Forest is untapped
      And an "untapped" event happened for Alice with amount 1

  # ---------------------------------------------------------------------------------------
  # Mirage: the untap is an announced phase effect
  # ---------------------------------------------------------------------------------------

  @edition:mirage @ruling:GRT-1.6-1
  Rule: In Mirage, untapping is a mandatory phase effect in the middle of the untap phase
    The untap phase runs like every Mirage phase: its beginning effects first, then the main
    body, where the untap is announced and resolves, then its end effects, mana burn and the
    life check. Sources: Mirage rulebook p. 46 (untap is a mandatory phase effect in the
    middle of the phase), p. 42 (the five parts of a phase), p. 9 (mana burn at the end of
    the untap phase).

    Scenario: Untap: in Mirage the untap comes after the beginning-of-untap effects and before mana burn
      Given the game is at the beginning of Alice's untap phase
      And Alice controls "Dawn Bell", an artifact with "At the beginning of your untap phase, you gain 1 life"
      And Alice controls a tapped Forest
      And Alice has {G} in her mana pool
      When the game advances to Alice's upkeep
      Then Forest is untapped
      And Alice has 20 life
      And these events happen in this order:
        | event           | player | subject | amount |
        | phase began     | Alice  | untap   |        |
        | life changed    | Alice  |         | 1      |
        | untap announced | Alice  |         |        |
        | untapped        | Alice  |         |        |
        | mana burned     | Alice  |         | 1      |
        | phase ended     | Alice  | untap   |        |
        | phase began     | Alice  | upkeep  |        |

  @ruling:GRT-1.6-7
  Rule: The untap happens every turn; nobody can forget or decline it
    The untap is mandatory: the player doesn't have to remember it or ask for it, and can't
    opt out of it (only of untapping a permanent whose card offers that choice). Sources:
    General Rulings, Turn Order: Untap (uncited: you must untap each turn, you can't
    "forget"); CR 502.3 (2024) and CR 302.2 (2004-2008) make it a turn-based action.

    @edition:mirage
    Scenario: Untap: in Mirage the untap is announced for Alice and resolves without her asking
      Given the game is at the beginning of Alice's untap phase
      And Alice controls a tapped Forest
      And Alice controls a tapped Grizzly Bears
      When the game starts
      Then Alice has priority
      And the stack holds, from the top, untap
      When Alice tries to choose to untap nothing
      Then the game refuses it
      When both players pass priority
      Then Forest is untapped
      And Grizzly Bears is untapped
      And the stack is empty

    @edition:cr2008 @edition:cr2024
    Scenario: Untap: under the Comprehensive Rules Alice's permanents are untapped before she can act
      Given it is Alice's turn
      And Alice controls a tapped Forest
      And Alice controls a tapped Grizzly Bears
      When the game starts
      Then it is Alice's upkeep
      And Alice has priority
      And Forest is untapped
      And Grizzly Bears is untapped

  @edition:mirage @ruling:GRT-1.6-5 @ruling:GRT-1.6-9
  Rule: In Mirage, what untaps is checked as the untap resolves
    The untap effect untaps whatever can untap at the moment it resolves, so a land Alice taps
    for mana in response to the announced untap untaps as well (her mana then burns at the
    end of the phase). Sources: Aahz 11/01/96; WotC Rules Team 10/03/96 (mana sources may be
    used during the untap phase); Mirage rulebook p. 9 (mana burn).

    Scenario: Untap: in Mirage a land tapped for mana in response to the untap still untaps
      Given the game is at the beginning of Alice's untap phase
      And Alice controls a tapped Forest
      And Alice controls Forest
      When the game starts
      Then the stack holds, from the top, untap
      When Alice taps Forest 2 for mana
      And both players pass priority
      Then Forest is untapped
      And Forest 2 is untapped
      And Alice has {G} in her mana pool
      When the game advances to Alice's upkeep
      Then Alice has 19 life
      And a "mana burned" event happened for Alice with amount 1

  @edition:mirage @ruling:GRT-1.6-6
  Rule: In Mirage, untap choices are made as the untap is announced; a later one at the first opportunity
    Whatever the player may decide about the untap is decided when the untap is announced
    (not at the very beginning of the phase, as the rulebook said): after the beginning-of-
    phase effects, before the untap is on the stack. If something new after the announcement
    forces a decision, it is made at the first opportunity, without undoing the earlier
    choices: under Winter Orb, a land tapped after the announcement may be the one land to
    untap if none was chosen, but not if one already was. Sources: bethmo 11/07/96 and
    D'Angelo 11/13/96 (correcting Mirage rulebook p. 46).

    Scenario: Untap: in Mirage Alice decides about Amber Prison as she announces the untap
      Given the game is at the beginning of Alice's untap phase
      And Alice controls "Dawn Bell", an artifact with "At the beginning of your untap phase, you gain 1 life"
      And Alice controls a tapped Amber Prison
      When the game starts
      Then the game waits for Alice to choose what to untap
      And Alice has 21 life
      And the stack is empty
      When Alice chooses to untap nothing
      Then the stack holds, from the top, untap
      And Alice has priority
      When both players pass priority
      Then Amber Prison is tapped

    Scenario: Untap: in Mirage a land tapped after the announcement may be Alice's one land under Winter Orb
      Given the game is at the beginning of Alice's untap phase
      And Bob controls Winter Orb
      And Alice controls Forest
      When the game starts
      Then the stack holds, from the top, untap
      When Alice taps Forest for mana
      And the game advances to Alice's upkeep
      Then Forest is untapped
      And Alice has 19 life

    Scenario: Untap: in Mirage Alice decides about a land tapped after the announcement as soon as it is tapped
      Given the game is at the beginning of Alice's untap phase
      And Bob controls Winter Orb
      And Alice controls 2 Forest
      When the game starts
      Then the stack holds, from the top, untap
      When Alice taps Forest for mana
      Then the game waits for Alice to choose what to untap
      When Alice chooses to untap Forest
      And Alice taps Forest 2 for mana
      Then Alice has priority
      When both players pass priority
      Then Forest is untapped
      And Forest 2 is tapped
      And the stack is empty

    Scenario: Untap: in Mirage a land tapped after the announcement can't replace the land Alice already chose
      Given the game is at the beginning of Alice's untap phase
      And Bob controls Winter Orb
      And Alice controls 2 tapped Forest
      And Alice controls Forest
      When the game starts
      Then the game waits for Alice to choose what to untap
      When Alice chooses to untap Forest
      Then the stack holds, from the top, untap
      When Alice taps Forest 3 for mana
      And both players pass priority
      Then Forest is untapped
      And Forest 2 is tapped
      And Forest 3 is tapped
      And the stack is empty

  # ---------------------------------------------------------------------------------------
  # Who may act during the untap
  # ---------------------------------------------------------------------------------------

  @ruling:CR24-502.4 @ruling:CR08-302.3 @ruling:WIKI-BP-2
  Rule: Under the Comprehensive Rules nobody has priority in the untap step
    No player receives priority during the untap step, so nothing can be cast, activated or
    resolve there (not even a mana ability, which needs priority outside of a payment); the
    first chance to act is the upkeep. Sources: CR 502.4 and 117.3a (2024), CR 302.3
    (2004-2008), MTG Wiki "Beginning phase". Mirage differs: see the next Rule.

    @edition:cr2008 @edition:cr2024
    Scenario: Untap: the first priority of Alice's turn is in her upkeep
      Given it is Alice's turn
      And Alice controls a tapped Forest
      When the game starts
      Then it is Alice's upkeep
      And Alice has priority
      And no "priority passed" event happened
      And these events happen in this order:
        | event       | player | subject |
        | step began  | Alice  | untap   |
        | untapped    | Alice  |         |
        | step ended  | Alice  | untap   |
        | step began  | Alice  | upkeep  |

    @edition:cr2008 @edition:cr2024
    Scenario: Untap: while Alice decides what to untap nobody may cast a spell or use a mana ability
      Given it is Alice's turn
      And Bob controls Winter Orb
      And Alice controls 2 tapped Forest
      And Alice controls Forest
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When the game starts
      Then the game waits for Alice to choose what to untap
      And no player has priority
      When Bob tries to cast Lightning Bolt targeting Alice
      Then the game refuses it because not_your_priority
      When Alice tries to tap Forest 3 for mana
      Then the game refuses it
      When Alice chooses to untap Forest
      Then it is Alice's upkeep
      And Alice has priority
      And Alice has 20 life

  @edition:mirage @ruling:GRT-1.6-9
  Rule: In Mirage, before and during the untap only mana sources may be used
    Neither player may cast spells or use abilities at the beginning of the turn or during
    the untap phase, but mana sources are legal there; from the upkeep on, fast effects are
    allowed again. Sources: Mirage rulebook p. 46, WotC Rules Team 10/03/96. The exceptions
    for interrupts to specialized effects and for damage prevention (D'Angelo 11/06/96) are
    not shown: the card pool has no interrupt or damage-prevention card.

    Scenario: Untap: in Mirage at the beginning of Alice's turn only her mana source works
      Given it is Alice's turn
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      And Alice has {G} in her mana pool
      When the game starts
      Then it is Alice's beginning of turn
      And Alice has priority
      When Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it
      When Alice tries to tap Forest for mana
      Then the game allows it
      And Alice has {G}{G} in her mana pool

    Scenario: Untap: in Mirage neither player may cast a spell in the untap phase, but may in the upkeep
      Given the game is at the beginning of Alice's untap phase
      And Alice controls Grizzly Bears
      And Alice controls Forest
      And Alice has Giant Growth in hand
      And Bob controls Mountain
      And Bob has Lightning Bolt in hand
      When Alice taps Forest for mana
      And Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game refuses it
      When Alice passes priority
      And Bob taps Mountain for mana
      And Bob tries to cast Lightning Bolt targeting Alice
      Then the game refuses it
      And Alice has Giant Growth in hand
      And Bob has Lightning Bolt in hand
      When the game advances to Alice's upkeep
      Then Alice has 19 life
      And Bob has 19 life
      When Alice taps Forest for mana
      And Alice tries to cast Giant Growth targeting Grizzly Bears
      Then the game allows it

  @ruling:CR24-502.4 @ruling:CR08-302.3 @ruling:WIKI-BP-2 @ruling:GRT-1.6-1
  Rule: What triggers during the untap step waits for the upkeep; Mirage's beginning-of-untap effects don't wait
    Under the Comprehensive Rules an ability that triggers during the untap step is held
    until a player would next receive priority, normally as the upkeep begins, and goes on
    the stack then. Sources: CR 502.4 and 503.1a (2024), CR 302.3 and 303.1 (2004-2008), MTG
    Wiki "Beginning phase". In Mirage a beginning-of-untap effect is processed directly as the
    phase's first part, before the untap is announced, without a chance to respond (Mirage
    rulebook p. 42 and p. 46).

    @edition:cr2008 @edition:cr2024
    Scenario: Untap: an ability that triggers at the beginning of the untap step goes on the stack in the upkeep
      Given it is Alice's turn
      And Alice controls "Dawn Bell", an artifact with "At the beginning of your untap step, you gain 1 life"
      And Alice controls a tapped Forest
      When the game starts
      Then it is Alice's upkeep
      And Alice has priority
      And the stack holds, from the top, Dawn Bell
      And Alice has 20 life
      And these events happen in this order:
        | event      | player | subject   |
        | untapped   | Alice  |           |
        | step began | Alice  | upkeep    |
        | triggered  | Alice  | Dawn Bell |
      When both players pass priority
      Then Alice has 21 life
      And the stack is empty

    @edition:mirage
    Scenario: Untap: in Mirage a beginning-of-untap effect is done before the untap, with no chance to respond
      Given the game is at the beginning of Alice's untap phase
      And Alice controls "Dawn Bell", an artifact with "At the beginning of your untap phase, you gain 1 life"
      And Alice controls a tapped Forest
      When the game starts
      Then Alice has 21 life
      And Alice has priority
      And the stack holds, from the top, untap
      And no "priority passed" event happened
      And no "triggered" event happened for Bob
      And these events happen in this order:
        | event           | player | subject |
        | phase began     | Alice  | untap   |
        | life changed    | Alice  |         |
        | untap announced | Alice  |         |

  # ---------------------------------------------------------------------------------------
  # What the untap itself puts onto the battlefield
  # ---------------------------------------------------------------------------------------

  @edition:mirage @edition:cr2008 @edition:cr2024 @ruling:GRT-1.6-10
  Rule: A card that enters because something untapped doesn't get to untap
    When untapping Tawnos's Coffin returns the creature it holds, that creature enters
    during or after the untap, so it stays tapped for the turn. Sources: Bethmo 05/16/96.
    Under the Comprehensive Rules the Coffin's return is a triggered ability that resolves in
    the upkeep, after the untap step's single untap; the creature stays tapped there too.

    Scenario: Untap: Grizzly Bears returned by Tawnos's Coffin's untap stays tapped
      Given it is Alice's turn
      And Alice controls a tapped Tawnos's Coffin holding Grizzly Bears
      When the game advances to Alice's draw
      Then Alice's Tawnos's Coffin is untapped
      And Alice controls Grizzly Bears
      And Grizzly Bears is tapped

  # ---------------------------------------------------------------------------------------
  # Old cards that did things "during the untap phase"
  # ---------------------------------------------------------------------------------------

  @ruling:GRT-1.6-11
  Rule: What old cards said to do during the untap phase is done in the upkeep
    Cards of Limited, Unlimited, Arabian Nights and Antiquities that told a player to do
    something during the untap phase (such as paying to untap a card that doesn't untap
    normally) have it done during the upkeep instead (PPG p. 110). The suite can't play a card
    by its old printed wording, so the closest observable behaviour is shown with Colossus of
    Sardia, which doesn't untap normally and may be paid to untap: its untap ability can't be
    used during the untap phase (only mana sources can) but can be in the upkeep. Newer cards
    may still ask for something during the untap itself (Winter Orb, Amber Prison above).

    @edition:mirage
    Scenario: Untap: in Mirage Colossus of Sardia can't be paid to untap during the untap phase
      Given the game is at the beginning of Alice's untap phase
      And Alice controls a tapped Colossus of Sardia
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When the game starts
      Then Alice has priority
      When Alice tries to activate Colossus of Sardia
      Then the game refuses it
      And Colossus of Sardia is tapped

    @edition:mirage @edition:cr2008 @edition:cr2024
    Scenario: Untap: Colossus of Sardia is paid to untap in Alice's upkeep
      Given the game is at the beginning of Alice's upkeep
      And Alice controls a tapped Colossus of Sardia
      And Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C} in her mana pool
      When Alice activates Colossus of Sardia
      And both players pass priority
      Then Colossus of Sardia is untapped
      And Alice's mana pool is empty
      And these events happen in this order:
        | event    | player | subject            | reason             |
        | untapped | Alice  | Colossus of Sardia | Colossus of Sardia |
