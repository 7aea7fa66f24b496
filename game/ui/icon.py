"""The Breakbox icon and logo mark, drawn in code: a rounded box split by a zigzag
crack, with one card peeking out."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.draw import supersampled


def _paint(big: pygame.Surface, k: int) -> None:
    w, h = big.get_size()
    box = pygame.Rect(w * 0.1, h * 0.28, w * 0.8, h * 0.62)
    card = pygame.Rect(w * 0.32, h * 0.06, w * 0.36, h * 0.5)
    pygame.draw.rect(big, theme.CARD_FACE, card, border_radius=int(w * 0.05))
    pygame.draw.rect(big, theme.BLACK, card, max(1, int(w * 0.02)), border_radius=int(w * 0.05))
    pygame.draw.circle(big, theme.VERMILLION, (card.centerx, card.top + card.height * 0.35), w * 0.07)
    pygame.draw.rect(big, theme.BLUE, box, border_radius=int(w * 0.1))
    pygame.draw.rect(big, theme.BLACK, box, max(1, int(w * 0.025)), border_radius=int(w * 0.1))
    crack = [(box.left, box.top + box.height * 0.35), (box.left + box.width * 0.3, box.top + box.height * 0.6),
             (box.left + box.width * 0.5, box.top + box.height * 0.3),
             (box.left + box.width * 0.72, box.top + box.height * 0.62), (box.right, box.top + box.height * 0.4)]
    pygame.draw.lines(big, theme.ORANGE, False, crack, max(2, int(w * 0.06)))


def make_icon(size: int = 64) -> pygame.Surface:
    return supersampled((size, size), _paint)
