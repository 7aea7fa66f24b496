"""pygame plumbing shared by every scene: display, scene stack, theme, drawing helpers,
drag-and-drop, tweens and sound."""
