"""The four train-domino rulesets: facts, scoring helpers and rule pages."""
