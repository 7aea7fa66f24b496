"""What the Breaker Blocks table does round the hands: an AGGRAVATE keep that leaves no
choice is taken at once (and taken back with the move before it), and a hand tile's tip is
laid out beside its hand. A mixin of BreakerBlocksTable, kept apart so the table module
stays about the board, the piles and input."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.scenes.breaker_blocks_board import BOARD, PILE_X
from game.scenes.breaker_blocks_tips import tile_tip
from game.ui.buttons import TIP_GAP, TIP_MARGIN, Tip, tip_beside
from game.ui.display import LOGICAL_SIZE


class BreakerBlocksHands:
    """Aggravate's auto-keep and the hand tiles' tips for BreakerBlocksTable (uses its
    session, view and hand layout)."""

    # --- Aggravate's keep with one choice -----------------------------------------------
    def perform(self, text: str, seat: int) -> bool:
        done = super().perform(text, seat)
        if done and not self.is_bot(seat):
            self.keep_the_only_choice(seat)
        return done

    def only_keep(self, seat: int) -> str | None:
        """AGGRAVATE asking ``seat`` which tile a hand keeps when that hand holds one kind
        only (BB-23): the one 'keep', as there is nothing to choose; None otherwise. The
        rules still offer the step (BB-16); a person is not asked to click it. Not in the
        tutorial or a replay, which go step by step."""
        if self.tutorial is not None or self.replaying or self.session.is_over() \
                or self.session.current_player != seat:
            return None
        if (self.view.get("pending") or {}).get("tile") != "aggravate":
            return None  # asked every frame (advance): the moves only at an Aggravate's step
        texts = self.session.legal_texts()
        return texts[0] if len(texts) == 1 and texts[0].startswith("keep ") else None

    def keep_the_only_choice(self, seat: int) -> None:
        """Take each AGGRAVATE keep that leaves no choice at once; the log says what was kept."""
        keep = self.only_keep(seat)
        while keep is not None and super().perform(keep, seat):
            keep = self.only_keep(seat)

    def undo(self) -> None:
        # a keep taken at once (keep_the_only_choice) is taken back with the move before it:
        # back at its step, the same keep would only be asked for with one choice. The seat
        # to move, not the viewer: at a shared screen the next seat may take back the last
        # decision, and the viewer's check stopped there with the pick shown
        super().undo()
        while self.only_keep(self.session.current_player) is not None and self.may_undo():
            super().undo()

    def advance(self) -> None:
        # a one-choice keep reached other than by a move here (a saved game continued, a
        # computer's seat taken over, a take-back that may go no further) is taken as a move
        # would take it, not shown as a pick of the one tile there is
        super().advance()
        seat = self.session.current_player
        if seat is not None and seat == self.viewer and not self.is_bot(seat):
            self.keep_the_only_choice(seat)

    # --- a hand tile's tip ---------------------------------------------------------------
    def pointed_tip_layout(self, anchor: pygame.Rect, text: str, avoid: Sequence[pygame.Rect] = ()) -> Tip:
        """A hand tile's tip beside its hand, right of the label and tiles' frame, level with the
        tile: placed as a button's, it rose from the lower hand over the hand's label (and, over
        it, on the board's sockets by your inputs). Where the hand leaves too little room there,
        as a button's, kept off the frame."""
        seat = next((seat for seat in (0, 1) if anchor in self.hand_rects(seat)), None)
        if seat is None:
            return super().pointed_tip_layout(anchor, text, avoid)
        frame = self.hand_frame(seat, self.hand_label_rect(seat))
        left, right = frame.right + 2 * TIP_GAP, PILE_X - 2 * TIP_GAP
        top, bottom = (TIP_MARGIN, frame.bottom) if frame.top < BOARD.top else (frame.top, LOGICAL_SIZE[1] - TIP_MARGIN)
        room = pygame.Rect(left, top, right - left, bottom - top)
        tip = tip_beside(text, room, anchor.centery)
        if tip is not None and room.contains(tip.rect):
            return tip
        return super().pointed_tip_layout(anchor, text, [*avoid, frame])

    def hand_rects(self, seat: int) -> list[pygame.Rect]:
        return [self.hand_rect(seat, i) for i in range(len(self.hand_kinds(seat)))]

    def hand_tip(self, seat: int, index: int) -> tuple[pygame.Rect, str]:
        return self.hand_rect(seat, index), tile_tip(self.hand_kinds(seat)[index])
