"""The scenario contract: pydantic models, the committed JSON Schemas, round-trip YAML,
validation with file:line, GAIA's manifest rules, and GAIA's own validator when importable."""
