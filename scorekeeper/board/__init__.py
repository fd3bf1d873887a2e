"""`scorekeeper board`: the live page of a sitting or a party (docs/board.md), an extra
(`pip install 'scorekeeper[board]'`): Starlette and uvicorn, sse-starlette for the event stream,
segno for the QR code. A thin web layer over the same ledger as the command line: source.py
reads and writes through it, app.py serves, serve.py listens; the page is rendered by
render/board.py and assets.py. Only `scorekeeper board` imports this package.
"""
