"""One scene per screen: title, setup, tables, hand-off, results, rules, settings, errors."""
