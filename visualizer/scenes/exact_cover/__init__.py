"""What the four exact-cover demos share: the cover model, the demo base classes, their views."""
