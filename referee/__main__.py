from referee.cli import einstieg

if __name__ == "__main__":
    einstieg()
