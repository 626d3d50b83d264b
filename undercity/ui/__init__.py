"""Terminal user interface: the board (board.py), reading answers (parse.py), and running a
game with a human seat (session.py)."""
