"""The engine's words: card text rendered from effect data, plural forms, the English of the
starter set's own Russian terms."""
