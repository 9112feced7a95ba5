// Macro expansion logic. (placeholder)
