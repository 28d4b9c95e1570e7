Feature: Ending the turn or the combat phase early
  A few cards end the turn (Time Stop) or the combat phase (Mandate of Peace) at once. This
  doesn't follow the normal resolution of a spell: what is on the stack is exiled, nobody gets
  priority, and the game skips straight ahead (CR 723).

  @ruling:CR24-723.1 @ruling:CR24-723.1b @ruling:CR24-723.1c @ruling:CR24-723.1d @ruling:CR24-723.1e
  @ruling:CR24-723.1f
  @edition:cr2008 @edition:cr2024
  Rule: Ending the turn exiles the stack and skips straight to the cleanup step
    CR 723.1: when an effect ends the turn, every object on the stack is exiled, the resolving one
    included (723.1b); state-based actions are checked but nobody gets priority (723.1c); the
    current phase and step end and the game skips every phase and step up to the cleanup step
    (723.1d), so "at the beginning of the end step" abilities don't trigger (723.1e); and with no
    ability triggered during the process, nobody gets priority in that cleanup step (723.1f).
    Ended in the end step, the turn goes on at once with its cleanup step, and nothing is skipped;
    ended in the cleanup step, a new cleanup step begins (723.1d), and an ability that triggers at
    the beginning of the cleanup step triggers again in it.
    The 2004-2008 rules had the same procedure as rule 509 (509.1a-c, 509.2, 509.3; the stack's
    objects were "removed from the game", the zone later named exile), which the 2008 excerpt of
    the rules that the rulings inventory draws on doesn't include: the scenarios run under cr2008
    too, and cite no 2008 ruling id.

    Scenario: Ending the turn: Time Stop exiles Bob's Lightning Bolt and itself, and Alice's turn ends at once
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Grizzly Bears
      And Alice controls "Sun Totem", an artifact with "At the beginning of your end step, you gain 1 life"
      And Alice has Time Stop in hand
      And Alice has {U}{U}{U}{U}{U}{U} in her mana pool
      And Bob has Lightning Bolt in hand
      And Bob has {R} in his mana pool
      When Alice passes priority
      And Bob casts Lightning Bolt targeting Grizzly Bears
      And Bob passes priority
      And Alice casts Time Stop
      And from now on
      And both players pass priority
      Then it is Bob's turn
      And Alice controls Grizzly Bears
      And Lightning Bolt is in Bob's exile
      And Time Stop is in Alice's exile
      And Alice has 20 life
      And these events happen in this order:
        | event        | player | subject         |
        | ending early | Alice  | turn            |
        | phase ended  | Alice  | precombat_main  |
        | phase skipped| Alice  | combat          |
        | phase skipped| Alice  | postcombat_main |
        | step skipped | Alice  | end             |
        | step began   | Alice  | cleanup         |
        | turn ended   | Alice  |                 |
        | turn began   | Bob    |                 |
      And no "triggered" event happened for Alice

    Scenario: Ending the turn: Time Stop exiles Alice's activated ability under it too, which never resolves
      Given the game is at the beginning of Alice's precombat main phase
      And Alice controls Drudge Skeletons
      And Alice has Time Stop in hand
      And Alice has {B}{U}{U}{U}{U}{U}{U} in her mana pool
      When Alice activates Drudge Skeletons
      And Alice casts Time Stop
      Then the stack holds, from the top, Time Stop and Drudge Skeletons
      When both players pass priority
      Then it is Bob's turn
      And Time Stop is in Alice's exile
      And the stack is empty
      And no "resolved" event happened about Drudge Skeletons

    Scenario: Ending the turn: Time Stop during combat removes the attackers and there is no combat damage
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Bob has Time Stop in hand
      And Bob has {U}{U}{U}{U}{U}{U} in his mana pool
      When Alice attacks with Hill Giant
      And Alice passes priority
      And Bob casts Time Stop
      And both players pass priority
      Then it is Bob's turn
      And Bob has 20 life
      And Hill Giant is not attacking
      And a "removed from combat" event happened for Alice about Hill Giant
      And a "step skipped" event happened for Alice about combat damage
      And Time Stop is in Bob's exile

    Scenario: Ending the turn: Time Stop in the end step ends it, and the cleanup step follows at once
      Given the game is at the beginning of Alice's end step
      And Alice controls Grizzly Bears with 1 damage
      And Bob has Time Stop in hand
      And Bob has {U}{U}{U}{U}{U}{U} in his mana pool
      When Alice passes priority
      And Bob casts Time Stop
      And from now on
      And both players pass priority
      Then it is Bob's turn
      And Time Stop is in Bob's exile
      And Grizzly Bears has 0 damage
      And no "step skipped" event happened
      And no "phase began" event happened for Alice
      And these events happen in this order:
        | event          | player | subject       |
        | ending early   | Alice  | turn          |
        | step ended     | Alice  | end           |
        | step began     | Alice  | cleanup       |
        | damage removed | Alice  | Grizzly Bears |
        | phase ended    | Alice  | ending        |
        | turn ended     | Alice  |               |

    Scenario: Ending the turn: Time Stop in the cleanup step ends it, and a new cleanup step begins
      Given the game is at the beginning of Alice's cleanup step
      And Alice controls "Dusk Bell", an artifact with "At the beginning of your cleanup step, you gain 1 life"
      And Bob has Time Stop in hand
      And Bob has {U}{U}{U}{U}{U}{U} in his mana pool
      When the game starts
      Then it is Alice's cleanup step
      And Alice has priority
      And the stack holds, from the top, Dusk Bell
      When Alice passes priority
      And Bob casts Time Stop
      And from now on
      And both players pass priority
      Then it is Alice's cleanup step
      And Alice has 20 life
      And Time Stop is in Bob's exile
      And the stack holds, from the top, Dusk Bell
      And no "step skipped" event happened
      And these events happen in this order:
        | event        | player | subject   |
        | ending early | Alice  | turn      |
        | step ended   | Alice  | cleanup   |
        | step began   | Alice  | cleanup   |
        | triggered    | Alice  | Dusk Bell |

  @ruling:CR24-723.2 @ruling:CR24-723.2b @ruling:CR24-723.2c @ruling:CR24-723.2d @ruling:CR24-723.2e
  @ruling:CR24-723.2f
  @edition:cr2024
  Rule: Ending the combat phase removes every creature from combat and goes on to the next phase
    CR 723.2: the stack is exiled (723.2b), nobody gets priority during the process (723.2c), the
    combat phase ends and every creature leaves combat, and the game goes straight on to the next
    phase, usually the postcombat main phase (723.2d), where the active player gets priority
    (723.2f); "at end of combat" abilities don't trigger since the end of combat step is skipped
    (723.2e).

    Scenario: Ending the combat phase: Mandate of Peace stops Alice's attack before damage
      Given the game is at the beginning of Alice's declare attackers step
      And Alice controls Hill Giant
      And Alice controls "War Horn", an artifact with "At the beginning of your end of combat step, you gain 1 life"
      And Bob has Mandate of Peace in hand
      And Bob has {W}{W} in his mana pool
      When Alice attacks with Hill Giant
      And Alice passes priority
      And Bob casts Mandate of Peace
      And both players pass priority
      Then it is Alice's postcombat main phase
      And Alice has priority
      And Bob has 20 life
      And Alice has 20 life
      And Hill Giant is not attacking
      And these events happen in this order:
        | event        | player | subject | effect           |
        | ending early | Alice  | combat  | Mandate of Peace |
      And Mandate of Peace is in Bob's exile
      And these events happen in this order:
        | event         | player | subject         |
        | ending early  | Alice  | combat          |
        | step skipped  | Alice  | combat_damage   |
        | step skipped  | Alice  | end_of_combat   |
        | phase ended   | Alice  | combat          |
        | phase began   | Alice  | postcombat_main |

  @ruling:CR24-723.2g
  @edition:cr2024
  Rule: Outside a combat phase, ending the combat phase does nothing
    CR 723.2g: an effect that tries to end the combat phase when it isn't a combat phase does
    nothing; the game goes on as before.

    Scenario: Ending the combat phase: Mandate of Peace in Alice's precombat main phase changes nothing
      Given the game is at the beginning of Alice's precombat main phase
      And Alice has Mandate of Peace in hand
      And Alice has {W}{W} in her mana pool
      When Alice casts Mandate of Peace
      And both players pass priority
      Then it is Alice's precombat main phase
      And Alice has priority
      And Mandate of Peace is in Alice's graveyard
      And no "ending early" event happened
      When the game advances to Alice's combat phase
      Then it is Alice's beginning of combat step
