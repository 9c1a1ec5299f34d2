/**
 * The fitted numbers of Expert's opponent model (inference.ts), apart from the code that reads them: θ for the
 * card and pair features, and the distance tables. Both come from `npm run fit:inference` (docs/ai.md).
 */
import type { DistanceTables } from './inference'

/**
 * θ, one weight per `FEATURES` entry (inference.ts); all zeros is the uniform sampler. Fitted by
 * `npm run fit:inference -- --games 400 --test-games 100 --seed infer2`, the features of players who are down
 * (`down:*`, `wild:down`, `skip:down`) refitted with `down:fitsSeen` on `--seed infer3` (the ninth #20 session).
 * The pair features fitted at about 0 (restSame:set +0.10, the rest within ±0.05) and are left at 0.
 */
export const INFERENCE_WEIGHTS: readonly number[] = [
  -1.22, 0.767, -0.687, 0.028, 0.014, 0.027, 0.014, -0.036, 0.205, -0.719, 0.133, -0.037, 0.191, -0.03, 0.024, -0.076, 0.041, -0.167,
  0.034, -0.016, -0.048, -0.026, 0.594, -0.104, -0.015, -0.485, -0.161, -6.737, -1.473, -2.279, -3.274,
  ...new Array<number>(12).fill(0),
]

/**
 * Fitted by `npm run --silent fit:inference -- --theta current --games 400 --test-games 100 --seed infer3 --rounds 3`
 * (the phases' tables, read only with Expert's `distanceByPhase`, which measured no better; `other` is the one
 * table of all phases of the eighth #20 session, `--rounds 1`).
 */
export const DISTANCE_WEIGHTS: DistanceTables = {
  byPhase: {
    'set3+set3': [
      [0.467, 1.276, 0.998, 0.856],
      [0, 1.959, 0.727, 0.159],
      [0, 2.442, 0.274, 0.103],
      [0, 2.984, 0.325, 0.055],
    ],
    'set3+run4': [
      [0.555, 1.266, 0.952, 1.23],
      [0, 2.056, 0.278, 0.363],
      [0, 3.157, 0.379, 0.144],
      [0, 3.101, 0.35, 0.055],
    ],
    'set4+run4': [
      [0.303, 1.488, 0.947, 0.669],
      [0, 2.562, 0.561, 0.102],
      [0, 3.211, 0.173, 0.012],
      [0, 3.335, 0.187, 0.04],
    ],
    'run7': [
      [0.371, 1.338, 1.036, 0.877],
      [0, 2.174, 0.692, 0.208],
      [0, 2.869, 0.278, 0.079],
      [0, 3.589, 0.211, 0.037],
    ],
    'run8': [
      [0.309, 1.429, 0.992, 0.865],
      [0, 2.813, 0.675, 0.298],
      [0, 3.773, 0.262, 0.041],
      [0, 3.733, 0.156, 0.027],
    ],
    'run9': [
      [0.274, 1.713, 1.136, 0.782],
      [0, 4.892, 0.93, 0.228],
      [0, 9.018, 0.211, 0.019],
      [0, 6.844, 0.086, 0.007],
    ],
    'set4+set4': [
      [0.315, 1.597, 1.122, 0.945],
      [0, 3.201, 1.387, 0.576],
      [0, 3.739, 0.836, 0.233],
      [0, 2.826, 0.414, 0.125],
    ],
    'colour7': [
      [0.224, 1.668, 1.176, 0.77],
      [0, 3.338, 1.051, 0.279],
      [0, 5.383, 0.422, 0.028],
      [0, 4.634, 0.151, 0.018],
    ],
    'set5+set2': [
      [0.276, 1.604, 1.011, 0.783],
      [0, 2.123, 0.941, 0.391],
      [0, 2.12, 0.8, 0.18],
      [0, 2.36, 0.886, 0.012],
    ],
    'set5+set3': [
      [0.316, 2.34, 1.116, 0.903],
      [0, 3.259, 1.29, 0.588],
      [0, 3.195, 0.811, 0.261],
      [0, 2.698, 0.423, 0.084],
    ],
  },
  other: [
    [0.416, 1.427, 1.057, 0.836],
    [0, 2.662, 0.947, 0.397],
    [0, 3.154, 0.692, 0.171],
    [0, 2.732, 0.493, 0.069],
  ],
}
