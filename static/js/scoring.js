// The scoring helpers' arithmetic, the same as rules/scoring.py (tests compare the two).
// Pure functions: no DOM. Each throws a ScoringError whose message says what to fix.
// The figures they count with (bonuses, hand sizes) are rules/scoring.py's
// scoring_figures(), which the page embeds as JSON: pass them as `figures`.
import { gettext, interpolate } from "./words.js";

export class ScoringError extends Error {}

export const COMMUNITY_TRAIN = "community";

export function tileName([low, high]) {
  return `${low}|${high}`;
}

// Pips on the tiles left in a hand; the 0|0 counts `doubleBlank`.
export function pipCount(tiles, { doubleBlank }) {
  let total = 0;
  for (const [low, high] of tiles) {
    if (low < 0 || high < 0) {
      throw new ScoringError(
        interpolate(gettext("A tile can't have fewer than 0 pips on an end (%(tile)s)."), {
          tile: tileName([low, high]),
        }),
      );
    }
    total += low === 0 && high === 0 ? doubleBlank : low + high;
  }
  return total;
}

// Derailing the Train: extra points when someone goes out by derailing a train with
// their last tile. Returns a Map of player → extra points (empty when they doubled out).
export function wentOutByDerailing(
  players,
  { wentOut, derailed, lastTile, doubledOut = false },
  figures,
) {
  const seated = [...players];
  if (new Set(seated).size !== seated.length) {
    throw new ScoringError(gettext("Each player can sit at the table only once."));
  }
  if (!seated.includes(wentOut)) {
    throw new ScoringError(gettext("The player who went out must be one of the players at the table."));
  }
  if (derailed !== COMMUNITY_TRAIN && !seated.includes(derailed)) {
    throw new ScoringError(
      gettext("The derailed train must belong to a player at the table, or be the community train."),
    );
  }
  const [low, high] = lastTile;
  if (low !== high) {
    throw new ScoringError(
      interpolate(
        gettext(
          "Only a double can derail a train, and the %(tile)s is not a double; score this round from the hands alone.",
        ),
        { tile: tileName(lastTile) },
      ),
    );
  }
  const extra = new Map();
  if (doubledOut) return extra;
  const pips = pipCount([lastTile], { doubleBlank: figures.derailing_double_blank });
  if (derailed === COMMUNITY_TRAIN) {
    for (const player of seated) if (player !== wentOut) extra.set(player, pips);
  } else {
    extra.set(derailed, pips);
  }
  return extra;
}

// Number 9 Train: points for one turn, from its parts (see rules/scoring.py).
export function number9TurnPoints(
  {
    variant = null,
    dominoes = 0,
    startedTrainAtHub = false,
    startingDouble = false,
    grandSlam = false,
    sweepFrom = null,
    captured = 0,
  },
  figures,
) {
  const hands = figures.number_9_hands;
  variant = variant || "standard";
  if (!Object.hasOwn(hands, variant)) {
    throw new ScoringError(
      interpolate(gettext("Number 9 Train has no '%(variant)s' variant; use standard or tournament."), {
        variant,
      }),
    );
  }
  const hand = hands[variant];
  if (dominoes < 0 || captured < 0) {
    throw new ScoringError(gettext("Dominoes played and captured can't be negative."));
  }
  if (![null, "hub", "train"].includes(sweepFrom)) {
    throw new ScoringError(gettext("A sweep is played either from the hub or onto an existing train."));
  }
  if (variant === "tournament" && (startingDouble || grandSlam)) {
    throw new ScoringError(
      gettext(
        "In the tournament game the 9|9 stays on the hub all game, so nobody scores for the starting double or a grand slam.",
      ),
    );
  }
  if (grandSlam || sweepFrom) {
    if (grandSlam && sweepFrom) {
      throw new ScoringError(gettext("A turn is a grand slam or a sweep, not both; pick one."));
    }
    if (dominoes || startedTrainAtHub || startingDouble) {
      throw new ScoringError(
        gettext(
          "A grand slam or sweep already counts the whole hand, the train and the double; leave the dominoes, hub and double out.",
        ),
      );
    }
    const wholeHand = figures.points_per_domino * hand;
    if (grandSlam) {
      const train = wholeHand + figures.hub_train_bonus + figures.starting_double_bonus;
      return train + figures.grand_slam_bonus + captured;
    }
    const train = wholeHand + (sweepFrom === "hub" ? figures.hub_train_bonus : 0);
    return train + figures.sweep_bonus + captured;
  }
  if (dominoes === 0 && (startedTrainAtHub || startingDouble || captured)) {
    throw new ScoringError(gettext("A turn that scores must play at least one domino; count them."));
  }
  if (startingDouble && startedTrainAtHub && dominoes < 2) {
    throw new ScoringError(
      gettext("A train from the starting double needs the double plus at least one more domino."),
    );
  }
  return (
    figures.points_per_domino * dominoes +
    figures.hub_train_bonus * startedTrainAtHub +
    figures.starting_double_bonus * startingDouble +
    captured
  );
}
